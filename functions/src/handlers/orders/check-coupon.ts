import { checkCouponRequestSchema } from '@gm/shared/orders/contracts';
import { clientIp } from '../../lib/client-ip.ts';
import { clock, coupons, rateLimiter, resolve } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { checkCoupon } from '../../services/orders/check-coupon.ts';

/** POST check-coupon {coupon} → { data: [coupon entry] }; invalid → 404 ORDER_TEXT.couponInvalid. */
export const handler = http('POST check-coupon', async ({ body, event }) => {
  const input = parse(checkCouponRequestSchema, body);
  return json(200, await checkCoupon(resolve({ coupons, rateLimiter, clock }), input.coupon, clientIp(event)));
});
