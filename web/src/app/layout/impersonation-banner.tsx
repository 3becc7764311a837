import { useEndImpersonation } from '../../entities/user/api/impersonation.ts';
import { useAuth } from '../../lib/auth.ts';
import { impersonatingAdmin } from '../../lib/auth-store.ts';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import './impersonation-banner.css';

/**
 * While an admin acts as another user (03 §2): 'Admin: {name}' above the header, whom they act as,
 * and the one-click way back, which ends the session on the server and reopens /users.
 */
export function ImpersonationBanner() {
  const auth = useAuth();
  const admin = impersonatingAdmin(auth);
  const back = useEndImpersonation();
  if (!admin || !auth.isAuth) return null;
  const adminName = admin.data.detail.fullname || admin.data.username;
  return (
    <div className="impersonation-banner" role="region" aria-label="Admin-Modus" data-testid="impersonation-banner">
      <div className="container impersonation-banner__inner">
        <p className="impersonation-banner__text">
          <strong>Admin: {adminName}</strong>
          <span className="impersonation-banner__as">
            {' '}
            – du handelst als <strong>{auth.data.username}</strong>
          </span>
        </p>
        <button
          type="button"
          className="button button--small impersonation-banner__back"
          onClick={() => back.mutate()}
          disabled={back.isPending}
          data-testid="impersonation-back"
        >
          Zurück zum Admin
        </button>
      </div>
      <LoadingOverlay show={back.isPending} label="Zurück zum Admin…" />
    </div>
  );
}
