import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { pathAfterLogin, paths, safeReturnPath } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { CombinedAuth, type AuthTab } from '../../features/auth/components/combined-auth.tsx';
import { DiscontinuationNotice } from '../../features/auth/components/discontinuation-notice.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCustomAuthTenant } from '../../entities/tenant/use-custom-auth.ts';

/**
 * /auth (01 §2, 03 §9; issue 13): the combined register and login page of tenants with custom
 * authentication. Elsewhere (main site, other tenants) it is /login.
 */
export default function AuthPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { customAuth, pending } = useCustomAuthTenant();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';

  if (pending)
    return (
      <div className="container narrow-page">
        <Spinner label="Wird geladen…" />
      </div>
    );
  if (!customAuth) return <Navigate to={paths.login} replace />;

  return (
    <AuthLayout
      title={tab === 'login' ? 'Anmelden' : 'Registrieren'}
      subtitle="Melde dich mit deinem Konto an oder erstelle in einer Minute ein neues."
      testId="auth-page"
    >
      {tab === 'login' && <DiscontinuationNotice />}
      <CombinedAuth
        tab={tab}
        onTabChange={(next) =>
          setParams(
            (p) => {
              if (next === 'register') p.set('tab', 'register');
              else p.delete('tab');
              return p;
            },
            { replace: true },
          )
        }
        onLoggedIn={(session) => {
          const next = safeReturnPath(params.get('next'));
          void navigate(next ?? pathAfterLogin(session.user.user_role.role.name), { replace: true });
        }}
        // 01 §4: a new buyer lands on home.
        onRegistered={() => void navigate(paths.home, { replace: true })}
      />
    </AuthLayout>
  );
}
