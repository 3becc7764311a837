import { resolve, wishlist } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { removeFromWishlist } from '../../services/catalogue/remove-from-wishlist.ts';

export const handler = http('DELETE user-voucher-wishlist/{id}', async ({ actor, params }) =>
  json(200, await removeFromWishlist(resolve({ wishlist }), actor, params.id ?? '')),
);
