import { catalogue, resolve, wishlist } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listWishlist } from '../../services/catalogue/list-wishlist.ts';

export const handler = http('GET user-voucher-wishlist/user/{userId}', async ({ actor, params }) =>
  json(200, await listWishlist(resolve({ wishlist, catalogue }), actor, params.userId ?? '')),
);
