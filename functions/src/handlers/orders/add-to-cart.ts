import { addToCartRequestSchema } from '@gm/shared/orders/contracts';
import { salesPause, clock, newId, orders, resolve, users, voucherReader } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { addToCart } from '../../services/orders/add-to-cart.ts';

/** POST order: a buyer's cart line; totals in the body are ignored, the server prices the line. */
export const handler = http('POST order', async ({ actor, body, tenant }) => {
  const input = parse(addToCartRequestSchema, body);
  return json(
    201,
    await addToCart(
      resolve({ orders, vouchers: voucherReader, users, salesPause, clock, newId }),
      { kind: 'user', userId: actor.userId },
      input,
      tenant,
    ),
  );
});
