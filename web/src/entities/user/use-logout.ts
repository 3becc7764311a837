import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../lib/auth.ts';
import { impersonatingAdmin } from '../../lib/auth-store.ts';
import { logout } from './api/logout.ts';
import { useLoginPath } from '../tenant/use-custom-auth.ts';

/**
 * Logout: tell the server (it revokes the session and its cookie, issue 14), then always clear local
 * auth (and with it the query cache) and go to /login (/auth on custom-auth tenants), even on error
 * (01 §4). While impersonating, the impersonation ends first, then the admin's own session.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Read before the sign-out resets the query cache (the tenant lookup with it): /auth on custom-auth tenants.
  const loginPath = useLoginPath();
  const run = useCallback(async () => {
    setBusy(true);
    try {
      if (impersonatingAdmin(authStore.getSnapshot())) {
        await logout().catch((error: unknown) => console.error('Ending the impersonation failed', error));
        authStore.endImpersonation();
      }
      await logout();
    } catch (error) {
      console.error('Logout request failed; signing out locally', error);
    } finally {
      authStore.clear();
      setBusy(false);
      void navigate(loginPath, { replace: true });
    }
  }, [navigate, loginPath]);
  return { logout: run, busy };
}
