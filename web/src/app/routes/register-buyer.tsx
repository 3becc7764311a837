import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { RegisterBuyerForm } from '../../features/auth/components/register-buyer-form.tsx';

export default function RegisterBuyerPage() {
  const navigate = useNavigate();
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
