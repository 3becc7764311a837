import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@gm/shared/validation/messages';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';
import { cartKeys } from '../../cart/api/cart.ts';
import { categoryKeys } from '../../catalogue/api/categories.ts';
import { wishlistKeys } from '../../wishlist/api/wishlist.ts';
import { logout } from './logout.ts';

/** POST auth/change-role {user_id} → the user's session (token and user), signed by our API for 30 minutes. */
export async function changeRole(userId: string) {
  const [{ changeRoleRequestSchema }, { authResponseSchema }] = await Promise.all([
    import('@gm/shared/admin/impersonation'),
    import('@gm/shared/auth/contracts'),
  ]);
  return api.request('auth/change-role', {
    method: 'POST',
    body: changeRoleRequestSchema.parse({ user_id: userId }),
    schema: authResponseSchema,
  });
}

/** Leaves the page for `path` with a full load, so nothing of the previous session stays in memory. */
function hardNavigate(path: string): void {
  window.location.assign(path);
}

/**
 * Impersonation (03 §2 "take this user's role"): `mutate(userId)` switches the session to that user,
 * keeping the admin's own as `admin` in the auth record, reloads the user's wish list (for role user
 * also categories and cart totals; the cache is reset on the user change anyway) and hard-navigates
 * to /home. A 422 (yourself, another admin, a deactivated account) rejects with the server message.
 */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string): Promise<void> => {
      const session = await changeRole(userId);
      const record = authStore.impersonate(session);
      if (!record) throw new ApiError(0, TEXT.genericError);
      const keys = [wishlistKeys.all, ...(record.role.name === 'user' ? [categoryKeys.all, cartKeys.all] : [])];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      hardNavigate(paths.home);
    },
  });
}

/**
 * The way back (the banner's button): ends the impersonation session on the server (POST
 * auth/logout with the impersonation token), restores the admin's own session and opens /users.
 * The admin is restored even if the server cannot be reached: the token dies within 30 minutes.
 */
export function useEndImpersonation() {
  return useMutation({
    mutationFn: async (): Promise<void> => {
      try {
        await logout();
      } catch (error) {
        console.error('Ending the impersonation on the server failed; restoring the admin locally', error);
      }
      authStore.endImpersonation();
      hardNavigate(paths.adminUsers);
    },
  });
}
