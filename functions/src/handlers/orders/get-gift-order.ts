import { requiredString } from '@gm/shared/validation/fields';
import { clock, gifts, orders, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { getGiftOrder } from '../../services/gifts/gift-order.ts';

/** GET order/gift-voucher/{id}: the order line of the gift page, its gift once given (giver only). */
export const handler = http('GET order/gift-voucher/{id}', async ({ actor, params }) => {
  const id = parse(requiredString(64), params.id);
  return json(200, { data: await getGiftOrder(resolve({ orders, users, gifts, clock }), actor, id) });
});
