import { describe, expect, it } from 'vitest';
import { makeVoucher } from '../../testing/fixtures.ts';
import {
  ANY_TIME_LABEL,
  monthsLabel,
  redeemableDaysLabel,
  sellerNameOnCard,
  validityLabel,
  voucherPriceLabel,
  voucherTypeLabel,
} from './voucher-format.ts';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('redeemableDaysLabel', () => {
  it('reads "jederzeit zu den Öffnungszeiten" for all days or none', () => {
    expect(redeemableDaysLabel([])).toBe(ANY_TIME_LABEL);
    expect(redeemableDaysLabel(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'Feiertag'])).toBe(ANY_TIME_LABEL);
  });

  it('orders from Monday and writes runs as ranges', () => {
    expect(redeemableDaysLabel(['Fr', 'Mo', 'Di', 'Mi', 'Do'])).toBe('Mo–Fr');
    expect(redeemableDaysLabel(['Sa', 'So', 'Feiertag'])).toBe('Sa, So, Feiertag');
    expect(redeemableDaysLabel(['Mo', 'Mi'])).toBe('Mo, Mi');
    expect(redeemableDaysLabel(['Fr', 'Sa', 'So'])).toBe('Fr–So');
  });

  it('names the only gap when every weekday but the holiday is set', () => {
    expect(redeemableDaysLabel(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'])).toBe('Mo–So, außer Feiertag');
  });
});

describe('monthsLabel', () => {
  it('reads "ganzjährig" for all months or none', () => {
    expect(monthsLabel([])).toBe('ganzjährig');
    expect(monthsLabel([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe('ganzjährig');
  });

  it('compresses runs, also across the turn of the year', () => {
    expect(monthsLabel([5, 6, 7, 8, 9])).toBe('Mai–Sep');
    expect(monthsLabel([11, 12, 1, 2])).toBe('Nov–Feb');
    expect(monthsLabel([3, 7])).toBe('Mär, Jul');
    expect(monthsLabel([12, 1])).toBe('Dez, Jan');
  });
});

describe('voucher type and price', () => {
  it('labels quantity and value vouchers', () => {
    expect(voucherTypeLabel('quantity')).toBe('Produktgutschein');
    expect(voucherTypeLabel('value')).toBe('Wertgutschein');
  });

  it('shows the unit price of a product voucher', () => {
    expect(nbsp(voucherPriceLabel(makeVoucher({ price_filter: 4900 })))).toBe('49,00 €');
  });

  it('shows the range of a value voucher', () => {
    const v = makeVoucher({ type: 'value', val_min: 1000, val_max: 150000, price_filter: 1000 });
    expect(nbsp(voucherPriceLabel(v))).toBe('10,00 € – 1.500,00 €');
  });

  it('reads validity years in German', () => {
    expect(validityLabel(4)).toBe('4 Jahre');
    expect(validityLabel(1)).toBe('1 Jahr');
  });
});

describe('seller name on a card (01 §9: 18 characters)', () => {
  it('keeps short names and cuts long ones after the last whole word', () => {
    expect(sellerNameOnCard('Alpen Spa')).toBe('Alpen Spa');
    expect(sellerNameOnCard('Reitstall Lechtal ')).toBe('Reitstall Lechtal');
    expect(sellerNameOnCard('Genusswerkstatt Schwaz')).toBe('Genusswerkstatt…');
    expect(sellerNameOnCard('Alpen Spa & Wellness')).toBe('Alpen Spa…');
    expect(sellerNameOnCard('Gasthof zum Goldenen Adler')).toBe('Gasthof zum…');
    expect(sellerNameOnCard('Gasthof am Goldene Adler')).toBe('Gasthof am Goldene…');
  });

  it('cuts a single long word inside', () => {
    expect(sellerNameOnCard('Bergbahnengesellschaft Tirol')).toBe('Bergbahnengesellsc…');
  });
});
