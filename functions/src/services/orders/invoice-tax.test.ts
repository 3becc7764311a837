import { describe, expect, it } from 'vitest';
import { invoiceLines, splitCents, vatOfGross } from './invoice-tax.ts';

describe('invoice VAT maths', () => {
  it('takes the VAT out of gross prices, rounded to cents', () => {
    expect(vatOfGross(12000, 20)).toBe(2000);
    expect(vatOfGross(1000, 10)).toBe(91); // 90.909…
    expect(vatOfGross(999, 13)).toBe(115); // 114.93…
    expect(vatOfGross(500, 0)).toBe(0);
  });

  it('splits cents by weight without losing any', () => {
    expect(splitCents(1000, [1, 1, 1])).toEqual([333, 333, 334]);
    expect(splitCents(9000, [3000, 1500])).toEqual([6000, 3000]);
    expect(splitCents(7, [0, 0])).toEqual([3, 4]);
  });

  it('one rate: one line, VAT of the paid amount after the discount', () => {
    const { lines, multiPurpose } = invoiceLines({
      title: 'Massage',
      qty: 2,
      amount: 9000,
      discount: 900,
      tax: [{ tax: 20, label: 'Leistung', value: 4500 }],
    });
    expect(multiPurpose).toBe(false);
    expect(lines).toEqual([{ title: 'Massage', qty: 2, unit: 4500, tax_rate: 20, gross: 9000, tax: 1350, net: 6750 }]);
  });

  it('several rates: one line per rate (same rates merged), split by the entries', () => {
    const { lines } = invoiceLines({
      title: 'Dinner',
      qty: 1,
      amount: 10000,
      discount: 0,
      tax: [
        { tax: 10, label: 'Speisen', value: 3000 },
        { tax: 20, label: 'Getränke', value: 1000 },
        { tax: 10, label: 'Dessert', value: 1000 },
      ],
    });
    expect(lines).toEqual([
      { title: 'Dinner (Speisen)', qty: 1, unit: 8000, tax_rate: 10, gross: 8000, tax: 727, net: 7273 },
      { title: 'Dinner (Getränke)', qty: 1, unit: 2000, tax_rate: 20, gross: 2000, tax: 333, net: 1667 },
    ]);
  });

  it("'unsure' is a multi-purpose voucher without VAT on the invoice", () => {
    expect(invoiceLines({ title: 'Wert', qty: 1, amount: 5000, discount: 500, tax: 'unsure' })).toEqual({
      multiPurpose: true,
      lines: [{ title: 'Wert', qty: 1, unit: 5000, tax_rate: null, gross: 5000, tax: 0, net: 4500 }],
    });
  });
});
