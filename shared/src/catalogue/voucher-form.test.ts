import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { priceFieldsOf, validityFieldsOf, voucherFormSchema } from './voucher-form.ts';

const base = {
  title: 'Wellness-Tag',
  description: 'Ein Tag Entspannung',
  long_description: 'Sauna, Pool und Massage.',
  type: 'quantity',
  qty_val: 4900,
  min: 1,
  max: 10,
  voucher_category_id: 'cat-wellness',
  target: 'Paare',
  season: 'Immer',
  tax: [{ tax: 20 }],
  validity_reason: 'Preise sind nur für die Saison kalkuliert',
};

const errorsOf = (input: Record<string, unknown>, minimumCents = 0, isUpdate = false) => {
  const result = voucherFormSchema({ minimumCents, isUpdate }).safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
};

describe('voucher builder form', () => {
  it('accepts a product voucher and fills the defaults', () => {
    const form = voucherFormSchema({ minimumCents: 0, isUpdate: false }).parse(base);
    expect(form.expiry_date).toBe(4);
    expect(form.display).toBe('all');
    expect(priceFieldsOf(form)).toEqual({
      qty_val: 4900,
      qty_min: 1,
      qty_max: 10,
      val_min: null,
      val_max: null,
      price_filter: 4900,
    });
  });

  it('applies the length limits with the spec’s texts', () => {
    const errors = errorsOf({ ...base, title: 'x'.repeat(31), description: '', long_description: 'y'.repeat(501) });
    expect(errors.title).toEqual(['Es dürfen maximal 30 Zeichen verwendet werden.']);
    expect(errors.description).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errors.long_description).toEqual(['Es dürfen maximal 500 Zeichen verwendet werden.']);
  });

  it('enforces the minimum voucher value and min ≤ max', () => {
    expect(errorsOf({ ...base, qty_val: 400 }, 500).qty_val).toEqual(['Der Wert muss mindestens sein 5,00 €.']);
    expect(errorsOf({ ...base, min: 0 }).min).toEqual(['Der Wert muss mindestens sein 1.']);
    expect(errorsOf({ ...base, min: 1.5 }).min).toEqual(['Der Wert muss eine ganze Zahl sein.']);
    expect(errorsOf({ ...base, min: 5, max: 3 }).max).toEqual(['Der Wert muss mindestens sein 5.']);
    const value = { ...base, type: 'value', qty_val: null, min: 1000, max: 500 };
    expect(errorsOf(value).max).toEqual(['Der Wert muss mindestens sein 10,00 €.']);
    expect(
      priceFieldsOf(voucherFormSchema({ minimumCents: 0, isUpdate: false }).parse({ ...value, max: 20000 })),
    ).toMatchObject({ val_min: 1000, val_max: 20000, price_filter: 1000, qty_val: null });
  });

  it('caps a unit price and a value voucher at 10.000,00 € (issue 14)', () => {
    expect(errorsOf({ ...base, qty_val: 1_000_000 }).qty_val).toBeUndefined();
    expect(errorsOf({ ...base, qty_val: 1_000_001 }).qty_val).toEqual(['Der Wert darf maximal 10.000,00 € betragen.']);
    const value = { ...base, type: 'value', qty_val: null, min: 1000 };
    expect(errorsOf({ ...value, max: 1_000_000 }).max).toBeUndefined();
    expect(errorsOf({ ...value, max: 1_000_001 }).max).toEqual(['Der Wert darf maximal 10.000,00 € betragen.']);
  });

  it('requires display on update, validity years 4–10 and known targets', () => {
    expect(errorsOf(base, 0, true).display).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, expiry_date: 3 }).expiry_date).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, target: 'Hunde' }).target).toEqual(['Dieses Feld muss ausgefüllt werden']);
  });

  it('needs an amount per rate when several tax rates apply', () => {
    const errors = errorsOf({ ...base, tax: [{ tax: 20, value: 3000 }, { tax: 10 }] });
    expect(errors['tax.1.value']).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, tax: [{ tax: 7 }] })['tax.0.tax']).toBeDefined();
    expect(errorsOf({ ...base, tax: 'unsure' })).toEqual({});
  });

  it('keeps weekday and month choices only while the limit switch is on', () => {
    const limited = voucherFormSchema({ minimumCents: 0, isUpdate: false }).parse({
      ...base,
      limit_validity: true,
      valid_day: ['Sa', 'So'],
      months: [12, 1],
    });
    expect(validityFieldsOf(limited)).toMatchObject({ valid_day: ['Sa', 'So'], months: [1, 12] });
    const open = voucherFormSchema({ minimumCents: 0, isUpdate: false }).parse({
      ...base,
      limit_validity: false,
      valid_day: ['Sa'],
    });
    expect(validityFieldsOf(open).valid_day).toHaveLength(8);
    expect(errorsOf({ ...base, limit_validity: true, months: [] }).months).toEqual([
      'Dieses Feld muss ausgefüllt werden',
    ]);
  });

  it('requires a reason for the limited validity, at least 10 and at most 300 characters', () => {
    const { validity_reason: _omit, ...withoutReason } = base;
    expect(errorsOf(withoutReason).validity_reason).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, validity_reason: '   ' }).validity_reason).toEqual([
      'Dieses Feld muss ausgefüllt werden',
    ]);
    expect(errorsOf({ ...base, validity_reason: 'Saison' }).validity_reason).toEqual([
      'Muss mindestens 10 Zeichen enthalten.',
    ]);
    expect(errorsOf({ ...base, validity_reason: 'x'.repeat(301) }).validity_reason).toEqual([
      'Es dürfen maximal 300 Zeichen verwendet werden.',
    ]);
    expect(
      voucherFormSchema({ minimumCents: 0, isUpdate: false }).parse({
        ...base,
        validity_reason: '  Begrenzte Kapazitäten  ',
      }).validity_reason,
    ).toBe('Begrenzte Kapazitäten');
  });

  it('answers wrong month, colour scheme and image names with the German message', () => {
    expect(errorsOf({ ...base, months: [13] })['months.0']).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, text_color: 'blue' }).text_color).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errorsOf({ ...base, remove_images: ['image_4'] })['remove_images.0']).toEqual([
      'Dieses Feld muss ausgefüllt werden',
    ]);
  });
});
