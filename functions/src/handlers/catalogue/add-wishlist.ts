import { wishlistAddRequestSchema } from '@gm/shared/wishlist/contracts';
import { clock, resolve, users, vouchers, wishlist } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { addToWishlist } from '../../services/catalogue/add-to-wishlist.ts';

export const handler = http('POST user-voucher-wishlist', async ({ actor, body }) => {
  const input = parse(wishlistAddRequestSchema, body);
  return json(201, await addToWishlist(resolve({ wishlist, vouchers, clock, users }), actor, input));
});
