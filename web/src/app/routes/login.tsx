import { useEffect, useRef } from 'react';
import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { pathAfterLogin, paths, safeReturnPath } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { SocialLogin } from '../../features/auth/components/social-login.tsx';
import { DiscontinuationNotice } from '../../features/auth/components/discontinuation-notice.tsx';
import { cartReturnFlag } from '../../entities/cart/cart-session.ts';
import { useZeroCartCountWhileMounted } from '../../entities/cart/api/cart.ts';
import { useCustomAuthTenant } from '../../entities/tenant/use-custom-auth.ts';

export default function LoginPage() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const [params, setParams] = useSearchParams();
  const verified = params.has('status');
  const verifiedShown = useRef(false);
  useZeroCartCountWhileMounted();
  const { search } = useLocation();
  const { customAuth } = useCustomAuthTenant();

  useEffect(() => {
    if (!verified || verifiedShown.current) return;
    verifiedShown.current = true;
    void dialog.success(ACTIVATION_TEXT.verifiedDialogText, { title: ACTIVATION_TEXT.verifiedDialogTitle }).then(() => {
      setParams(
        (p) => {
          p.delete('status');
          return p;
        },
        { replace: true },
      );
    });
  }, [verified, dialog, setParams]);

  // Custom-auth tenants log in and register on /auth (03 §9, issue 13).
  if (customAuth) return <Navigate to={`${paths.auth}${search}`} replace />;

  return (
    <AuthLayout
      title="Anmelden"
      subtitle="Willkommen zurück! Melde dich mit deiner E-Mail-Adresse an."
      testId="login-page"
    >
      <DiscontinuationNotice />
      <LoginForm
        onSuccess={(session) => {
          // A guest who pressed 'Zur Kasse' comes back to the cart (01 §4 "Login").
          const toCart = cartReturnFlag.take() && session.user.user_role.role.name === 'user';
          // A gift link sends guests here with ?next=<the gift page> (01 §2 "Receiving a gift").
          const next = safeReturnPath(params.get('next'));
          void navigate(next ?? (toCart ? paths.cart : pathAfterLogin(session.user.user_role.role.name)), {
            replace: true,
          });
        }}
      />
      {cartReturnFlag.isSet() && (
        <p className="notice notice--info auth-layout__guest-checkout" data-testid="guest-checkout">
          Ohne Konto bestellen?{' '}
          <Link to={paths.payment} onClick={() => cartReturnFlag.take()} data-testid="guest-checkout-link">
            Als Gast bestellen
          </Link>
        </p>
      )}
      <SocialLogin />
      <p className="auth-layout__switch">
        Noch kein Konto?{' '}
        <Link to={paths.register} data-testid="register-link">
          Jetzt registrieren
        </Link>
      </p>
    </AuthLayout>
  );
}
