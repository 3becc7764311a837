import { describe, expect, it } from 'vitest';
import { GIFT_TEXT, giftVoucherRequestSchema } from './gift.ts';

describe('gift form contract (01 §3, §4, §5)', () => {
  const base = { order_id: 'o-1' };

  it('needs at least one gift type', () => {
    const result = giftVoucherRequestSchema.safeParse({ ...base, giftType: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['giftType'], message: GIFT_TEXT.chooseType });
  });

  it('wallet excludes e-mail and PDF; e-mail and PDF go together', () => {
    expect(giftVoucherRequestSchema.safeParse({ ...base, giftType: ['wallet', 'pdf'], user_id: 'u' }).success).toBe(
      false,
    );
    const both = giftVoucherRequestSchema.parse({ ...base, giftType: ['pdf', 'email'], email: ' Anna@Example.com ' });
    expect(both).toMatchObject({
      giftType: ['email', 'pdf'],
      email: 'anna@example.com',
      user_id: null,
      isBulk: false,
      priceHidden: false,
      voucherUsage: 'multiple',
    });
  });

  it('e-mail needs a valid address, wallet a chosen user', () => {
    expect(
      giftVoucherRequestSchema.safeParse({ ...base, giftType: ['email'], email: 'kein-mail' }).error?.issues[0]?.path,
    ).toEqual(['email']);
    expect(giftVoucherRequestSchema.safeParse({ ...base, giftType: ['wallet'] }).error?.issues[0]?.path).toEqual([
      'user_id',
    ]);
    // A user sent along with an e-mail gift is dropped.
    expect(
      giftVoucherRequestSchema.parse({ ...base, giftType: ['email'], email: 'a@b.at', user_id: 'u' }).user_id,
    ).toBeNull();
  });

  it('accepts a date or nothing for the validity', () => {
    expect(
      giftVoucherRequestSchema.parse({ ...base, giftType: ['pdf'], expirationDate: '' }).expirationDate,
    ).toBeNull();
    expect(
      giftVoucherRequestSchema.parse({ ...base, giftType: ['pdf'], expirationDate: '2027-01-31' }).expirationDate,
    ).toBe('2027-01-31');
    expect(
      giftVoucherRequestSchema.safeParse({ ...base, giftType: ['pdf'], expirationDate: '31.01.2027' }).success,
    ).toBe(false);
  });
});
