import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { RegisterBuyerForm } from '../../features/auth/components/register-buyer-form.tsx';
import { useCustomAuthTenant } from '../../entities/tenant/use-custom-auth.ts';

export default function RegisterBuyerPage() {
  const navigate = useNavigate();
  // Custom-auth tenants register on /auth (03 §9, issue 13); 'Account eröffnen' at the checkout leads here.
  if (useCustomAuthTenant().customAuth) return <Navigate to={paths.authRegister} replace />;
  return (
    <AuthLayout
      title="Als Käufer registrieren"
      subtitle="Erstelle dein Konto – kostenlos und in einer Minute."
      testId="register-buyer-page"
    >
      {/* 01 §4: a new buyer lands on home (a login lands on /wallet). */}
      <RegisterBuyerForm onRegistered={() => void navigate(paths.home, { replace: true })} />
      <p className="auth-layout__switch">
        Schon registriert? <Link to={paths.login}>Anmelden</Link>
      </p>
    </AuthLayout>
  );
}
