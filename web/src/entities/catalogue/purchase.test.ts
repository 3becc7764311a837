import { describe, expect, it } from 'vitest';
import { amountBounds, amountError, formatAmountInput, parseAmount, stepAmount, voucherTotal } from './purchase.ts';

const product = { type: 'quantity' as const, qty_min: 2, qty_max: 5, val_min: null, val_max: null, price_filter: 4900 };
const value = {
  type: 'value' as const,
  qty_min: null,
  qty_max: null,
  val_min: 2000,
  val_max: 20000,
  price_filter: 2000,
};

describe('amount picker rules', () => {
  it('takes the bounds from qty_min..qty_max or val_min..val_max, never below 1', () => {
    expect(amountBounds(product)).toEqual({ kind: 'quantity', min: 2, max: 5, step: 1 });
    expect(amountBounds({ ...product, qty_min: 0, qty_max: null })).toEqual({
      kind: 'quantity',
      min: 1,
      max: 99,
      step: 1,
    });
    expect(amountBounds(value)).toEqual({ kind: 'value', min: 2000, max: 20000, step: 100 });
    expect(amountBounds({ ...value, val_min: 0, val_max: 50 })).toMatchObject({ min: 100, max: 100 });
  });

  it('steps within the bounds', () => {
    const bounds = amountBounds(product);
    expect(stepAmount(2, -1, bounds)).toBe(2);
    expect(stepAmount(4, 1, bounds)).toBe(5);
    expect(stepAmount(5, 1, bounds)).toBe(5);
    expect(stepAmount(undefined, 1, bounds)).toBe(2);
    const one = amountBounds({ ...product, qty_min: 1 });
    expect(stepAmount(1, -1, one)).toBe(1);
    expect(stepAmount(9000, -1, amountBounds(value))).toBe(8900);
    expect(stepAmount(2000, -1, amountBounds(value))).toBe(2000);
  });

  it('parses quantities as whole numbers and values as euros', () => {
    expect(parseAmount('3', 'quantity')).toBe(3);
    expect(parseAmount('3,5', 'quantity')).toBeUndefined();
    expect(parseAmount('25,50', 'value')).toBe(2550);
    expect(parseAmount('100', 'value')).toBe(10000);
    expect(parseAmount('', 'value')).toBeUndefined();
    expect(formatAmountInput(2550, 'value')).toBe('25,50');
    expect(formatAmountInput(10000, 'value')).toBe('100');
    expect(formatAmountInput(1234500, 'value')).toBe('12.345');
  });

  it('explains a missing or out-of-range amount in German', () => {
    expect(amountError(undefined, amountBounds(product))).toBe('Dieses Feld muss ausgefüllt werden');
    expect(amountError(1, amountBounds(product))).toBe('Der Wert muss mindestens sein 2.');
    expect(amountError(6, amountBounds(product))).toBe('Der Wert darf maximal 5 betragen.');
    expect(amountError(1000, amountBounds(value))).toBe('Der Wert muss mindestens sein 20,00\u00a0€.');
    expect(amountError(3, amountBounds(product))).toBeUndefined();
  });

  it('totals quantity × price or the value alone', () => {
    expect(voucherTotal(product, 3)).toBe(14700);
    expect(voucherTotal(value, 7550)).toBe(7550);
  });
});
