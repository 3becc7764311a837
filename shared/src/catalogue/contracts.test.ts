import { describe, expect, it } from 'vitest';
import { sellerVoucherCardSchema, toVoucherCard, voucherCardSchema, voucherSchema } from './contracts.ts';
import { testVoucher } from './test-voucher.ts';

/** A voucher with every card field set, so a dropped or renamed card field shows. */
const voucher = testVoucher('v1', 's1', {
  title: 'Kochkurs',
  seller: { id: 's1', username: 'genuss', company: null, is_activated: true },
  employee_value: null,
  sold_count: 4,
});

describe('voucher card contract', () => {
  it('is the voucher’s card subset, field for field (01 §2), in the voucher’s order', () => {
    const cardKeys = Object.keys(voucherCardSchema.shape);
    const voucherKeys = Object.keys(voucherSchema.shape);
    expect(cardKeys).toHaveLength(25);
    expect(voucherKeys.filter((key) => cardKeys.includes(key))).toEqual(cardKeys);
    // The very same field schemas, so a card never checks a field differently from its voucher.
    for (const key of cardKeys)
      expect(voucherCardSchema.shape[key as keyof typeof voucherCardSchema.shape]).toBe(
        voucherSchema.shape[key as keyof typeof voucherSchema.shape],
      );
  });

  it('shapes a voucher into its card, and the seller’s card adds the employee fields', () => {
    const card = toVoucherCard(voucher);
    expect(Object.keys(card)).toEqual(Object.keys(voucherCardSchema.shape));
    expect(card).toMatchObject({ id: 'v1', title: 'Kochkurs', sold_count: 4, seller: { username: 'genuss' } });
    expect(card).not.toHaveProperty('long_description');
    expect(sellerVoucherCardSchema.parse(voucher)).toEqual({ ...card, is_tourism: false, employee_value: null });
  });
});
