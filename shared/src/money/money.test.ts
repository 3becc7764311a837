import { describe, expect, it } from 'vitest';
import { eurosToCents, formatAmount, formatEuro, parseEuroInput, percentOf } from './money.ts';

describe('money', () => {
  it('formats cents the German way', () => {
    expect(formatEuro(123456)).toBe('1.234,56\u00a0€');
    expect(formatAmount(5)).toBe('0,05');
    expect(formatAmount(-250)).toBe('-2,50');
    expect(formatEuro(-0)).toBe('0,00\u00a0€');
  });

  it("writes every amount as Intl.NumberFormat('de-DE') does", () => {
    const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const plain = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const samples = [0, 1, 99, 100, 999_99, 1000_00, 123_456_789, -1, -100_000, 2 ** 40, 12.5, -0.5];
    // `|| 0`: no minus zero, which Intl would write as "-0,00" (we write 0,00, tested above).
    for (let i = 0; i < 2000; i++)
      samples.push(Math.round((Math.random() - 0.3) * 10 ** Math.floor(Math.random() * 13)) || 0);
    for (const cents of samples) {
      expect(formatEuro(cents), String(cents)).toBe(euro.format(cents / 100));
      expect(formatAmount(cents), String(cents)).toBe(plain.format(cents / 100));
    }
  });

  it('converts euros to cents without float drift', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(19.995)).toBe(2000);
    expect(eurosToCents(-1.005)).toBe(-101);
  });

  it('parses German and plain input', () => {
    expect(parseEuroInput('1.234,5')).toBe(123450);
    expect(parseEuroInput('12.50')).toBe(1250);
    expect(parseEuroInput(' 7 € ')).toBe(700);
    expect(parseEuroInput('abc')).toBeUndefined();
    expect(parseEuroInput('')).toBeUndefined();
  });

  it('takes percentages in whole cents', () => {
    expect(percentOf(1999, 5)).toBe(100);
    expect(percentOf(1000, 1.5)).toBe(15);
  });
});
