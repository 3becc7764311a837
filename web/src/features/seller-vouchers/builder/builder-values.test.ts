import { describe, expect, it } from 'vitest';
import { priceFieldsOf, voucherFormSchema } from '@gm/shared/catalogue/voucher-form';
import type { Category } from '@gm/shared/catalogue/contracts';
import { makeVoucher } from '../../../testing/fixtures.ts';
import {
  emptyBuilderValues,
  fromVoucher,
  imageFieldsOf,
  imagesFromVoucher,
  previewCard,
  toFormInput,
  toggleTaxRate,
  validateBuilder,
  type BuilderImages,
  type BuilderValues,
  withTourismMode,
} from './builder-values.ts';
import { errorSummary, cycleTab, unplacedMessages } from './builder-fields.ts';

const filled = (overrides: Partial<BuilderValues> = {}): BuilderValues => ({
  ...emptyBuilderValues(),
  title: 'Wellness-Tag',
  description: 'Ein Tag Entspannung',
  long_description: 'Sauna, Pool und Massage.',
  voucher_category_id: 'c-1',
  target: 'Paare',
  season: 'Immer',
  qty_val: '49,90',
  qty_min: '1',
  qty_max: '5',
  tax: [{ tax: 20, value: '' }],
  validity_reason: 'Preise gelten für die laufende Saison',
  ...overrides,
});

const categories: Category[] = [
  { id: 'c-1', name: 'Wellness', slug: 'wellness', icon: null, logo: null, subcategories: [] },
  {
    id: 'c-2',
    name: 'Sport',
    slug: 'sport',
    icon: null,
    logo: null,
    subcategories: [{ id: 's-1', name: 'Klettern', category_id: 'c-2' }],
  },
];

const validate = (values: BuilderValues, minimumCents = 0, isUpdate = false) =>
  validateBuilder(values, { minimumCents, isUpdate, categories });

describe('builder values → form body', () => {
  it('sends a product voucher in cents and whole units', () => {
    const result = validate(filled());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(priceFieldsOf(result.data)).toEqual({
      qty_val: 4990,
      qty_min: 1,
      qty_max: 5,
      val_min: null,
      val_max: null,
      price_filter: 4990,
    });
    expect(result.data.tax).toEqual([{ tax: 20, value: null }]);
    expect(result.data.display).toBe('all');
  });

  it('sends a value voucher’s euro range as cents', () => {
    const result = validate(filled({ type: 'value', val_min: '25', val_max: '1.000' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(priceFieldsOf(result.data)).toMatchObject({
      val_min: 2500,
      val_max: 100000,
      qty_val: null,
      price_filter: 2500,
    });
  });

  it('says "must be a number" for text that is no amount', () => {
    const result = validate(filled({ qty_val: 'neunzig' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.qty_val).toBe('Der Wert muss eine Zahl sein.');
  });

  it('shows cross-field errors together with plain field errors in one go', () => {
    const result = validate(
      filled({ title: '', validity_reason: 'kurz', qty_val: '4', qty_min: '3', qty_max: '2' }),
      500,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.title).toBe('Dieses Feld muss ausgefüllt werden');
    expect(result.errors.validity_reason).toBe('Muss mindestens 10 Zeichen enthalten.');
    expect(result.errors.qty_val).toBe('Der Wert muss mindestens sein 5,00 €.');
    expect(result.errors.max).toBe('Der Wert muss mindestens sein 3.');
    const noTax = validate(filled({ tax: [], qty_val: '' }));
    expect(!noTax.ok && noTax.errors).toEqual({
      tax: 'Dieses Feld muss ausgefüllt werden',
      qty_val: 'Dieses Feld muss ausgefüllt werden',
    });
  });

  it('needs a subcategory when the category has some, and an amount per rate with several rates', () => {
    const result = validate(
      filled({
        voucher_category_id: 'c-2',
        tax: [
          { tax: 10, value: '20' },
          { tax: 20, value: '' },
        ],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.subcategory_id).toBe('Dieses Feld muss ausgefüllt werden');
    expect(result.errors['tax.1.value']).toBe('Dieses Feld muss ausgefüllt werden');
    const fixed = validate(
      filled({
        voucher_category_id: 'c-2',
        subcategory_id: 's-1',
        tax: [
          { tax: 10, value: '20' },
          { tax: 20, value: '29,90' },
        ],
      }),
    );
    expect(fixed.ok && fixed.data.tax).toEqual([
      { tax: 10, value: 2000 },
      { tax: 20, value: 2990 },
    ]);
  });

  it('sends "unsure" when the tax rate cannot be determined yet, and requires a rate otherwise', () => {
    const unsure = validate(filled({ tax_unsure: true, tax: [] }));
    expect(unsure.ok && unsure.data.tax).toBe('unsure');
    const none = validate(filled({ tax: [] }));
    expect(!none.ok && none.errors.tax).toBe('Dieses Feld muss ausgefüllt werden');
  });

  it('requires display on update', () => {
    const { input } = toFormInput(filled());
    expect(
      voucherFormSchema({ minimumCents: 0, isUpdate: true }).safeParse({ ...input, display: undefined }).success,
    ).toBe(false);
    expect(validate(filled({ display: 'direktverkauf' }), 0, true).ok).toBe(true);
  });

  it('keeps tax rows in rate order', () => {
    expect(toggleTaxRate(toggleTaxRate([], 20), 5).map((r) => r.tax)).toEqual([5, 20]);
    expect(
      toggleTaxRate(
        [
          { tax: 5, value: '' },
          { tax: 20, value: '' },
        ],
        5,
      ).map((r) => r.tax),
    ).toEqual([20]);
  });
});

describe('stored voucher → builder values', () => {
  it('turns cents into euro texts and round-trips to the same body', () => {
    const voucher = makeVoucher({
      type: 'value',
      qty_val: null,
      qty_min: null,
      qty_max: null,
      val_min: 2550,
      val_max: 30000,
      price_filter: 2550,
      tax: [
        { tax: 10, label: '10 %', value: 1000 },
        { tax: 20, label: '20 %', value: 1550 },
      ],
      valid_day: ['Sa', 'So'],
      months: [12, 1, 2],
      validity_reason: 'Saisonbetrieb im Sommer',
      long_description: 'Lang',
    });
    const values = fromVoucher(voucher);
    expect(values).toMatchObject({
      type: 'value',
      val_min: '25,50',
      val_max: '300',
      tax_unsure: false,
      validity_reason: 'Saisonbetrieb im Sommer',
    });
    expect(values.tax).toEqual([
      { tax: 10, value: '10' },
      { tax: 20, value: '15,50' },
    ]);
    expect(values.validity).toEqual({
      limit_validity: true,
      choices: { valid_day: ['Sa', 'So'], valid_date: [], months: [1, 2, 12] },
      stash: null,
    });
    const result = validate(values, 0, true);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(priceFieldsOf(result.data)).toMatchObject({ val_min: 2550, val_max: 30000 });
    expect(result.data.tax).toEqual([
      { tax: 10, value: 1000 },
      { tax: 20, value: 1550 },
    ]);
  });

  it('reads a voucher valid always (or with nothing set) as switch off', () => {
    expect(fromVoucher(makeVoucher({ valid_day: [], months: [] })).validity.limit_validity).toBe(false);
    expect(fromVoucher(makeVoucher({ tax: 'unsure' })).tax_unsure).toBe(true);
    expect(fromVoucher(makeVoucher()).qty_val).toBe('49');
  });
});

describe('images', () => {
  const blob = new Blob(['x'], { type: 'image/jpeg' });

  it('sends new uploads by id and removals only for stored images taken out', () => {
    const initial = imagesFromVoucher(
      makeVoucher({ background_image: '/media/bg.jpg', image_1: '/media/1.jpg', image_2: '/media/2.jpg' }),
    );
    const current: BuilderImages = {
      background: { kind: 'new', blob, url: 'blob:bg' },
      extras: [{ kind: 'none' }, { kind: 'existing', url: '/media/2.jpg' }, { kind: 'new', blob, url: 'blob:3' }],
    };
    expect(
      imageFieldsOf(initial, current, { background: 'up-bg-123', extras: [undefined, undefined, 'up-3-1234'] }),
    ).toEqual({
      background_upload_id: 'up-bg-123',
      remove_bg: false,
      image_1_upload_id: null,
      image_2_upload_id: null,
      image_3_upload_id: 'up-3-1234',
      remove_images: ['image_1'],
    });
    expect(imageFieldsOf(initial, { ...initial, background: { kind: 'none' } }, { extras: [] }).remove_bg).toBe(true);
  });

  it('previews the card from the inputs', () => {
    const seller = { id: 's-1', username: 'spa', company: null };
    const card = previewCard(
      filled({ type: 'value', val_min: '10', val_max: '200', title: '  ' }),
      {
        background: { kind: 'new', blob, url: 'blob:bg' },
        extras: [{ kind: 'none' }, { kind: 'none' }, { kind: 'none' }],
      },
      { seller, seller_id: 's-1', region_id: 2 },
    );
    expect(card).toMatchObject({
      title: 'Dein Gutscheintitel',
      val_min: 1000,
      val_max: 20000,
      price_filter: 1000,
      background_image: 'blob:bg',
      seller,
    });
  });
});

describe('failed save summary', () => {
  it('lists failing fields in form order with their tab, one entry per field', () => {
    const summary = errorSummary({ 'tax.1.value': 'x', title: 'y', months: 'z', max: 'w' }, 'value');
    expect(summary).toEqual([
      { key: 'title', label: 'Titel', tab: 0 },
      { key: 'months', label: 'Monate', tab: 1 },
      { key: 'max', label: 'Höchstwert (€)', tab: 2 },
      { key: 'tax.1.value', label: 'Steuersatz', tab: 2 },
    ]);
    expect(unplacedMessages({ _: 'Serverfehler', title: 'y' }, 'value')).toEqual(['Serverfehler']);
  });

  it('cycles the tabs with wrap-around', () => {
    expect(cycleTab(0, -1)).toBe(2);
    expect(cycleTab(2, 1)).toBe(0);
    expect(cycleTab(1, 1)).toBe(2);
  });
});

describe('tourism mode (02 §2, issue 13)', () => {
  it('on: tax unsure, default styling, type value, 10 years; off: employee_value cleared', () => {
    const before = filled({ styling: { ...emptyBuilderValues().styling, background_color: '#000000' } });
    const on = withTourismMode(before, true);
    expect(on).toMatchObject({ is_tourism: true, type: 'value', tax_unsure: true, tax: [], expiry_date: 10 });
    expect(on.styling).toEqual(emptyBuilderValues().styling);
    const off = withTourismMode({ ...on, employee_value: '1+1 gratis' }, false);
    expect(off).toMatchObject({ is_tourism: false, employee_value: '' });
  });

  it('sends is_tourism and employee_value, and validates without a price', () => {
    const values = withTourismMode(filled({ employee_value: '1+1 gratis' }), true);
    expect(toFormInput(values).input).toMatchObject({ is_tourism: true, employee_value: '1+1 gratis', tax: 'unsure' });
    expect(validate(values, 100_000).ok).toBe(true);
    const missing = validate(withTourismMode(filled(), true));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(Object.keys(missing.errors)).toEqual(['employee_value']);
  });
});
