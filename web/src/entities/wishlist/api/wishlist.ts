import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '@gm/shared/wishlist/contracts';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.ts';

type WishlistAnswer = { data: WishlistEntry[] };

/* The header's count reads the wishlist on a buyer's first load: its contract loads lazily (lib/api-client.ts). */
const contracts = () => import('@gm/shared/wishlist/contracts');

/** One query per buyer: the wishlist page, every heart and the header count read it. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  of: (userId: string) => [...wishlistKeys.all, userId] as const,
};

/** GET user-voucher-wishlist/user/{userId}: the buyer's wishlist with a card per voucher (01 §7). */
export function getWishlist(userId: string, signal?: AbortSignal) {
  return api.request(`user-voucher-wishlist/user/${encodeURIComponent(userId)}`, {
    schema: () => contracts().then((c) => c.wishlistListSchema),
    signal,
  });
}

/** POST user-voucher-wishlist {user_id, voucher_id}. */
export async function addToWishlist(userId: string, voucherId: string) {
  const { wishlistAddRequestSchema, wishlistEntrySchema } = await contracts();
  const body = wishlistAddRequestSchema.parse({ user_id: userId, voucher_id: voucherId });
  return api.request('user-voucher-wishlist', { method: 'POST', body, schema: wishlistEntrySchema });
}

/** DELETE user-voucher-wishlist/{voucherId}. */
export async function removeFromWishlist(voucherId: string) {
  const { wishlistRemovedSchema } = await contracts();
  return api.request(`user-voucher-wishlist/${encodeURIComponent(voucherId)}`, {
    method: 'DELETE',
    schema: wishlistRemovedSchema,
  });
}

/** The buyer who has a wishlist: role user, not a tourism employee (03 §9); null for everyone else. */
export function useWishlistOwner(): string | null {
  const auth = useAuth();
  return auth.isAuth && auth.role.name === 'user' && !auth.data.is_employee ? auth.data.id : null;
}

export function useWishlist() {
  const userId = useWishlistOwner();
  return useQuery({
    queryKey: wishlistKeys.of(userId ?? ''),
    queryFn: ({ signal }) => getWishlist(userId ?? '', signal),
    enabled: userId !== null,
  });
}

const NO_IDS: readonly string[] = [];

/** The wishlisted voucher ids (empty for anyone without a wishlist, and while loading). */
export function useWishlistIds(): readonly string[] {
  const query = useWishlist();
  return query.data ? query.data.data.map((entry) => entry.voucher_id) : NO_IDS;
}

/** Adds or removes a voucher; the answer updates the cached list at once (hearts, page, header count). */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const userId = useWishlistOwner();
  return useMutation({
    mutationFn: async ({ voucherId, on }: { voucherId: string; on: boolean }) => {
      if (!userId) throw new Error('No wishlist without a buyer');
      if (on) return { added: await addToWishlist(userId, voucherId) };
      await removeFromWishlist(voucherId);
      return { removed: voucherId };
    },
    onSuccess: (result) => {
      if (!userId) return;
      queryClient.setQueryData<WishlistAnswer>(wishlistKeys.of(userId), (current) => {
        const rest = (current?.data ?? []).filter(
          (entry) => entry.voucher_id !== (result.added?.voucher_id ?? result.removed),
        );
        return { data: result.added ? [result.added, ...rest] : rest };
      });
    },
  });
}
