import { describe, expect, it } from 'vitest';
import { eurosToCents, formatAmount, formatEuro, parseEuroInput, percentOf } from './money.ts';

describe('money', () => {
  it('formats cents the German way', () => {
    expect(formatEuro(123456)).toBe('1.234,56\u00a0€');
    expect(formatAmount(5)).toBe('0,05');
    expect(formatAmount(-250)).toBe('-2,50');
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
