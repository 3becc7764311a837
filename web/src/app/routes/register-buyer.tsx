import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useTenantShop } from '../../entities/tenant/api/tenant-shop.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { RegisterBuyerForm } from '../../features/auth/components/register-buyer-form.tsx';

export default function RegisterBuyerPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // 03 §5: on a tourism tenant the registration shows the Code field (issue 13); a code card's QR fills it.
  const shop = useTenantShop();
  const tourism = shop.data?.data.is_tourism === true;
  // Custom-auth tenants register on /auth (03 §9, issue 13); 'Account eröffnen' at the checkout leads here.
  if (shop.data?.data.is_custom_auth) return <Navigate to={paths.authRegister} replace />;
  return (
    <AuthLayout
      title={tourism ? 'Als Mitarbeiter registrieren' : 'Als Käufer registrieren'}
      subtitle={
        tourism
          ? 'Mit deinem Mitarbeiter-Code bekommst du die Vorteile unserer Partner.'
          : 'Erstelle dein Konto – kostenlos und in einer Minute.'
      }
      testId="register-buyer-page"
    >
      {/* 01 §4: a new buyer lands on home (a login lands on /wallet). The form waits for the tenant lookup. */}
      {!shop.isLoading && (
        <RegisterBuyerForm
          key={tourism ? 'tourism' : 'buyer'}
          tourism={tourism}
          initialCode={params.get('code') ?? ''}
          onRegistered={() => void navigate(paths.home, { replace: true })}
        />
      )}
      <p className="auth-layout__switch">
        Schon registriert? <Link to={paths.login}>Anmelden</Link>
      </p>
    </AuthLayout>
  );
}
