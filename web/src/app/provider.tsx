import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { DialogProvider } from '../components/ui/dialog-provider.tsx';
import { authStore, useAuth } from '../lib/auth.ts';
import { useUser } from '../entities/user/api/user.ts';
import { queryClient } from '../lib/query-client.ts';
import { ToastRegion } from '../components/ui/toast.tsx';
import { TenantRedirect } from '../features/tenant/components/tenant-redirect.tsx';

/**
 * Keeps the stored user in step with the server: the signed-in user's query (loaded once per page
 * load and again whenever a screen such as the profile refetches it) updates the auth store. A 401
 * signs out through the api client.
 */
function SessionRefresh() {
  const auth = useAuth();
  const { data: user } = useUser(auth.isAuth ? auth.data.id : null, { staleTime: Infinity });
  useEffect(() => {
    // The answer is the profile; the session keeps the user's fields only. The contract loads with the
    // signed-in user's profile query (entities/user/api/user.ts), never on a guest's first load.
    if (!user) return;
    void import('@gm/shared/auth/contracts').then(({ userSchema }) => authStore.updateUser(userSchema.parse(user)));
  }, [user]);
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
