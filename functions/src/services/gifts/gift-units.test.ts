import { describe, expect, it } from 'vitest';
import { giftUnits } from './gift-voucher.ts';

const product = { type: 'quantity' } as never;
const value = { type: 'value' } as never;

describe('giftUnits (bulk: one voucher per unit)', () => {
  it('keeps the whole line when not bulk or a single unit', () => {
    expect(giftUnits({ qty: 3, value: null, total_qty: 3, total_value: 14700, voucher: product }, false)).toEqual([
      { qty: 3, value: null, remaining_qty: 3, remaining_value: 14700 },
    ]);
    expect(giftUnits({ qty: 1, value: 2500, total_qty: 1, total_value: 2500, voucher: value }, true)).toHaveLength(1);
  });

  it('splits product vouchers into pieces without losing a cent', () => {
    const units = giftUnits({ qty: 3, value: null, total_qty: 3, total_value: 10000, voucher: product }, true);
    expect(units.map((u) => u.remaining_value)).toEqual([3333, 3333, 3334]);
    expect(units.every((u) => u.qty === 1 && u.remaining_qty === 1)).toBe(true);
  });

  it('gives each unit of a value voucher its value', () => {
    const units = giftUnits({ qty: 2, value: 2500, total_qty: 2, total_value: 5000, voucher: value }, true);
    expect(units).toEqual([
      { qty: 1, value: 2500, remaining_qty: 1, remaining_value: 2500 },
      { qty: 1, value: 2500, remaining_qty: 1, remaining_value: 2500 },
    ]);
  });
});
