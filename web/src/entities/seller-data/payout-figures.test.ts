import { describe, expect, it } from 'vitest';
import { nextPayoutText, paidOutOf, payoutEveryText } from './payout-figures.ts';

describe('payout figures', () => {
  it('says when the next payout comes, with "heute" when the seller is due', () => {
    expect(nextPayoutText(0)).toBe('heute');
    expect(nextPayoutText(1)).toBe('in 1 Tag');
    expect(nextPayoutText(14)).toBe('in 14 Tagen');
  });

  it('names the schedule', () => {
    expect(payoutEveryText(14)).toBe('alle 14 Tage');
    expect(payoutEveryText(1)).toBe('jeden Tag');
  });

  it('paid out is the total less what waits', () => {
    const payout = {
      total_earnings_with_commission: 20000,
      total_seller_earnings: 15000,
      waiting_for_payout: 4000,
      days_until_next_payout: 3,
      payout_every: 14,
    };
    expect(paidOutOf(payout)).toBe(11000);
    expect(paidOutOf({ ...payout, waiting_for_payout: 16000 })).toBe(0);
  });
});
