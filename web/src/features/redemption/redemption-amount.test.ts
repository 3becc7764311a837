import { describe, expect, it } from 'vitest';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { checkAmount, initialAmountText } from './redemption-amount.ts';

describe('checkAmount', () => {
  const value = { type: 'value' as const, remaining_value: 5000, remaining_qty: 1 };
  const product = { type: 'quantity' as const, remaining_value: 9800, remaining_qty: 2 };

  it('reads euros in German or plain notation as cents within 1 € and what is left', () => {
    expect(checkAmount(value, '12,50')).toEqual({ amount: { value: 1250 } });
    expect(checkAmount(value, '50')).toEqual({ amount: { value: 5000 } });
    expect(checkAmount(value, '0,99')).toEqual({ error: MSG.minValue(formatEuro(100)) });
    expect(checkAmount(value, '50,01')).toEqual({ error: REDEMPTION_TEXT.tooMuchValue(formatEuro(5000)) });
    expect(checkAmount(value, 'abc')).toEqual({ error: MSG.numeric });
    expect(checkAmount(value, ' ')).toEqual({ error: MSG.required });
  });

  it('takes whole units for product vouchers', () => {
    expect(checkAmount(product, '2')).toEqual({ amount: { qty: 2 } });
    expect(checkAmount(product, '3')).toEqual({ error: REDEMPTION_TEXT.tooManyUnits(2) });
    expect(checkAmount(product, '1,5')).toEqual({ error: MSG.integer });
    expect(checkAmount(product, '0')).toEqual({ error: MSG.minValue(1) });
  });

  it('a once gift starts with everything left and accepts nothing less', () => {
    const onceValue = { ...value, voucher_usage: 'once' as const };
    const onceProduct = { ...product, voucher_usage: 'once' as const };
    expect(initialAmountText(onceValue)).toBe('50,00');
    expect(initialAmountText(onceProduct)).toBe('2');
    expect(initialAmountText({ ...value, voucher_usage: 'multiple' as const })).toBe('');
    expect(checkAmount(onceValue, '50,00')).toEqual({ amount: { value: 5000 } });
    expect(checkAmount(onceValue, '49,99')).toEqual({ error: REDEMPTION_TEXT.onceOnlyValue(formatEuro(5000)) });
    expect(checkAmount(onceProduct, '2')).toEqual({ amount: { qty: 2 } });
    expect(checkAmount(onceProduct, '1')).toEqual({ error: REDEMPTION_TEXT.onceOnlyUnits(2) });
  });
});
