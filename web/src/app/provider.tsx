import { useEffect, type ReactNode } from 'react';
import { DialogProvider } from '../components/ui/dialog-provider.tsx';
import { authStore } from '../lib/auth.ts';
import { getUser } from '../entities/user/api/get-user.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { ToastRegion } from '../components/ui/toast.tsx';
import { TenantRedirect } from '../features/tenant/components/tenant-redirect.tsx';

/** Refreshes the stored user once per page load; a 401 signs out through the api client. */
function SessionRefresh() {
  useEffect(() => {
    const session = authStore.getSnapshot();
    if (!session.isAuth) return;
    const controller = new AbortController();
    getUser(session.data.id, controller.signal)
      .then((user) => authStore.updateUser(user))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not refresh the signed-in user', error);
      });
    return () => controller.abort();
  }, []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <SessionRefresh />
        <TenantRedirect />
        {children}
        <ToastRegion />
      </DialogProvider>
    </QueryClientProvider>
  );
}
