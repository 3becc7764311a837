import { describe, expect, it } from 'vitest';
import { MSG } from '@gm/shared/validation/messages';
import { builderErrorsOf, builderResolver, contractKeyOf, formPathOf, toFormErrors } from './builder-form.ts';
import { emptyBuilderValues, imagesFromVoucher } from './builder-values.ts';

describe('builder form ↔ contract keys', () => {
  it('finds the input of each contract key and back', () => {
    const cases: Array<[string, 'quantity' | 'value', string]> = [
      ['title', 'quantity', 'title'],
      ['min', 'quantity', 'qty_min'],
      ['max', 'value', 'val_max'],
      ['background_color', 'value', 'styling.background_color'],
      ['valid_date.0.end', 'quantity', 'validity.choices.valid_date.0.end'],
      ['months', 'quantity', 'validity.choices.months'],
      ['limit_validity', 'quantity', 'validity.limit_validity'],
      ['tax.1.value', 'quantity', 'tax.1.value'],
    ];
    for (const [key, type, path] of cases) {
      expect(formPathOf(key, type)).toBe(path);
      expect(contractKeyOf(path, type)).toBe(key);
    }
    // The other type's kept inputs are not sent, so their errors do not count.
    expect(contractKeyOf('qty_min', 'value')).toBeNull();
    expect(contractKeyOf('val_min', 'quantity')).toBeNull();
  });

  it('round-trips errors through react-hook-form’s nested shape', () => {
    const errors = { min: MSG.required, 'tax.1.value': MSG.required, tax: MSG.required, description_color: 'Farbe' };
    expect(builderErrorsOf(toFormErrors(errors, 'value'), 'value')).toEqual(errors);
  });

  it('resolves to the POST body in cents, or to errors at the inputs', async () => {
    const resolve = builderResolver({ minimumCents: 0, isUpdate: false });
    const values = { ...emptyBuilderValues(), images: imagesFromVoucher() };
    const empty = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(empty.errors)).toEqual(expect.arrayContaining(['title', 'voucher_category_id', 'tax']));
    const filled = await resolve(
      {
        ...values,
        title: 'Wellness-Tag',
        description: 'Entspannung',
        long_description: 'Sauna und Pool.',
        voucher_category_id: 'c-1',
        target: 'Paare',
        season: 'Immer',
        validity_reason: 'Saisonpreise 2026',
        qty_val: '49,90',
        tax: [{ tax: 20, value: '' }],
      },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(filled.errors).toEqual({});
    expect(filled.values).toMatchObject({ qty_val: 4990, min: 1, max: 10, type: 'quantity' });
  });
});
