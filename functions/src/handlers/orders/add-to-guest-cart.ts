import { addToCartRequestSchema, CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { salesPause, clock, newId, orders, resolve, users, voucherReader } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { addToCart } from '../../services/orders/add-to-cart.ts';
import { guestCartOwner } from '../../services/orders/cart-line.ts';

/** POST order/guest: a line in the guest cart named by the x-cart-id header (a UUID). */
export const handler = http('POST order/guest', async ({ body, headers, tenant }) => {
  const owner = guestCartOwner(headers[CART_ID_HEADER]);
  const input = parse(addToCartRequestSchema, body);
  return json(
    201,
    await addToCart(
      resolve({ orders, vouchers: voucherReader, users, salesPause, clock, newId }),
      owner,
      input,
      tenant,
    ),
  );
});
