import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { couponIsUsable } from '@gm/shared/orders/pricing';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/** Coupon checks per IP and hour (guessing codes is not free). */
export const COUPON_CHECKS_PER_HOUR = 20;

export type CouponEntry = {
  active: boolean;
  expires_at: string | null;
  coupon: { id: string; percent_off: number | null; amount_off: number | null; metadata: { limit: number | null } };
};

/**
 * POST check-coupon (01 §7): the spec's answer, a list of coupon entries. A missing, inactive,
 * expired or used-up (limit 0) coupon is 404 with ORDER_TEXT.couponInvalid.
 */
export async function checkCoupon(
  deps: Pick<Deps, 'coupons' | 'rateLimiter' | 'clock'>,
  code: string,
  ip: string,
): Promise<{ data: CouponEntry[] }> {
  const now = deps.clock();
  if (!(await deps.rateLimiter.hit('coupon', ip, COUPON_CHECKS_PER_HOUR, 3600, Math.floor(now.getTime() / 1000))))
    throw new TooManyRequestsError();
  const coupon = await deps.coupons.get(code);
  if (!coupon || !couponIsUsable(coupon, now)) throw new NotFoundError(ORDER_TEXT.couponInvalid);
  return {
    data: [
      {
        active: coupon.active,
        expires_at: coupon.expires_at ?? null,
        coupon: {
          id: coupon.code,
          percent_off: coupon.percent_off ?? null,
          amount_off: coupon.amount_off ?? null,
          metadata: { limit: typeof coupon.limit === 'number' ? coupon.limit : null },
        },
      },
    ],
  };
}
