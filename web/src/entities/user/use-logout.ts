import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../lib/auth.ts';
import { logout } from './api/logout.ts';
import { useLoginPath } from '../tenant/use-custom-auth.ts';

/** Logout: tell the server, then always clear local auth (and with it the query cache) and go to /login (/auth on custom-auth tenants), even on error (01 §4). */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Read before the sign-out resets the query cache (the tenant lookup with it): /auth on custom-auth tenants.
  const loginPath = useLoginPath();
  const run = useCallback(async () => {
    setBusy(true);
    try {
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
