import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, effectiveSettings } from '../settings/contracts.ts';
import { commissionFor } from './pricing.ts';

describe('commissionFor (03 §9)', () => {
  it('marketplace sale: percentage plus fixed euro of the settings, card fee on top, the rest is the seller’s', () => {
    // 5 % of 100 € = 5 €, + 5 € fixed; card 1.5 % + 25 ct = 1,75 €.
    expect(commissionFor({ amount: 10000, channel: 'marketplace', payment: 'card' }, DEFAULT_SETTINGS)).toEqual({
      commission: 1000,
      processing_fee: 175,
      seller_net: 8825,
    });
    // Bank transfer: 1.4 % + 25 ct.
    expect(commissionFor({ amount: 10000, channel: 'marketplace', payment: 'bank' }, DEFAULT_SETTINGS)).toEqual({
      commission: 1000,
      processing_fee: 165,
      seller_net: 8835,
    });
  });

  it('subdomain sale uses the separate subdomain pair', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      subdomain_sales_commission_percentage: 2,
      subdomain_sales_commission_euro: 100,
    };
    expect(commissionFor({ amount: 10000, channel: 'subdomain', payment: 'card' }, settings)).toEqual({
      commission: 300,
      processing_fee: 175,
      seller_net: 9525,
    });
    // …and the marketplace pair is not touched by it.
    expect(commissionFor({ amount: 10000, channel: 'marketplace', payment: 'card' }, settings).commission).toBe(1000);
  });

  it('direct sale (Direktverkauf) is provision-free and has no payment fee', () => {
    expect(commissionFor({ amount: 4500, channel: 'direktverkauf', payment: 'none' }, DEFAULT_SETTINGS)).toEqual({
      commission: 0,
      processing_fee: 0,
      seller_net: 4500,
    });
  });

  it('a seller’s own settings override the global ones field by field', () => {
    const global = { ...DEFAULT_SETTINGS, sales_commission_percentage: 10, sales_commission_euro: 200 };
    const seller = { sales_commission_percentage: 4, sales_commission_euro: null };
    const settings = effectiveSettings(global, seller);
    // 4 % (own) of 50 € = 2 € + 2 € (global fixed).
    expect(commissionFor({ amount: 5000, channel: 'marketplace', payment: 'none' }, settings).commission).toBe(400);
    expect(
      commissionFor({ amount: 5000, channel: 'marketplace', payment: 'none' }, effectiveSettings(global, null))
        .commission,
    ).toBe(700);
    // No settings stored at all: the seeded defaults 5 % + 5,00 €.
    expect(
      commissionFor({ amount: 5000, channel: 'marketplace', payment: 'none' }, effectiveSettings(undefined, undefined))
        .commission,
    ).toBe(250 + 500);
  });

  it('rounds each percentage to whole cents, half up', () => {
    // 2.5 % of 33,33 € = 83.325 ct → 83; card 1.5 % of 3333 = 49.995 → 50, + 25.
    const settings = { ...DEFAULT_SETTINGS, sales_commission_percentage: 2.5, sales_commission_euro: 0 };
    expect(commissionFor({ amount: 3333, channel: 'marketplace', payment: 'card' }, settings)).toEqual({
      commission: 83,
      processing_fee: 75,
      seller_net: 3333 - 83 - 75,
    });
    // 5 % of 10,10 € = 50.5 ct → 51.
    expect(
      commissionFor(
        { amount: 1010, channel: 'marketplace', payment: 'none' },
        { ...DEFAULT_SETTINGS, sales_commission_euro: 0 },
      ).commission,
    ).toBe(51);
  });

  it('never takes more than the price: a small sale keeps commission + fee ≤ amount and the seller share at 0', () => {
    // 5 % of 3 € + 5 € fixed = 5,15 € > 3 €: the commission is capped at the price, no room for a fee.
    expect(commissionFor({ amount: 300, channel: 'marketplace', payment: 'card' }, DEFAULT_SETTINGS)).toEqual({
      commission: 300,
      processing_fee: 0,
      seller_net: 0,
    });
    // Commission leaves 20 ct, the card fee (25 ct + …) is capped at that.
    const settings = { ...DEFAULT_SETTINGS, sales_commission_percentage: 0, sales_commission_euro: 80 };
    expect(commissionFor({ amount: 100, channel: 'marketplace', payment: 'card' }, settings)).toEqual({
      commission: 80,
      processing_fee: 20,
      seller_net: 0,
    });
    expect(commissionFor({ amount: 0, channel: 'marketplace', payment: 'card' }, DEFAULT_SETTINGS)).toEqual({
      commission: 0,
      processing_fee: 0,
      seller_net: 0,
    });
  });

  it('always splits the amount exactly into commission, fee and seller share, each a non-negative whole cent', () => {
    const percent = fc.integer({ min: 0, max: 10000 }).map((n) => n / 100);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('marketplace', 'subdomain', 'direktverkauf'),
        fc.constantFrom('card', 'bank', 'none'),
        percent,
        fc.integer({ min: 0, max: 100_000 }),
        percent,
        fc.integer({ min: 0, max: 100_000 }),
        (amount, channel, payment, p, e, sp, se) => {
          const split = commissionFor(
            { amount, channel, payment },
            {
              sales_commission_percentage: p,
              sales_commission_euro: e,
              subdomain_sales_commission_percentage: sp,
              subdomain_sales_commission_euro: se,
            },
          );
          expect(split.commission + split.processing_fee + split.seller_net).toBe(amount);
          for (const part of Object.values(split)) {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          if (channel === 'direktverkauf') expect(split.commission).toBe(0);
        },
      ),
    );
  });
});
