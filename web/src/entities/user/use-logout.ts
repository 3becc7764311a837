import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { logout } from './api/logout.ts';

/** Logout: tell the server, then always clear local auth (and with it the query cache) and go to /login, even on error (01 §4). */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      console.error('Logout request failed; signing out locally', error);
    } finally {
      authStore.clear();
      setBusy(false);
      void navigate(paths.login, { replace: true });
    }
  }, [navigate]);
  return { logout: run, busy };
}
