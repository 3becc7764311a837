import { describe, expect, it } from 'vitest';
import { centsToEuroInput, euroInputToCents, wholeNumberInput } from './euro-input.ts';

describe('euro inputs ↔ cents', () => {
  it('reads German and plain notation as cents', () => {
    expect(euroInputToCents('12,50')).toBe(1250);
    expect(euroInputToCents('12.5')).toBe(1250);
    expect(euroInputToCents(' 49 € ')).toBe(4900);
    expect(euroInputToCents('1.234,56')).toBe(123456);
    expect(euroInputToCents('0,01')).toBe(1);
    expect(euroInputToCents('19,999')).toBe(2000);
  });

  it('reads dots in "1.000" as thousands, the way a German seller means them', () => {
    expect(euroInputToCents('1.000')).toBe(100000);
    expect(euroInputToCents('12.000.000')).toBe(1200000000);
    expect(euroInputToCents('1.5')).toBe(150);
  });

  it('tells empty from invalid', () => {
    expect(euroInputToCents('')).toBeUndefined();
    expect(euroInputToCents('   ')).toBeUndefined();
    expect(euroInputToCents('zwölf')).toBeNaN();
    expect(euroInputToCents('1,2,3')).toBeNaN();
    expect(euroInputToCents('12.34,5')).toBeNaN();
  });

  it('writes cents back as the text the seller typed', () => {
    expect(centsToEuroInput(1250)).toBe('12,50');
    expect(centsToEuroInput(4900)).toBe('49');
    expect(centsToEuroInput(5)).toBe('0,05');
    expect(centsToEuroInput(123456)).toBe('1234,56');
    expect(centsToEuroInput(null)).toBe('');
    for (const cents of [1, 99, 100, 1999, 100000, 123456])
      expect(euroInputToCents(centsToEuroInput(cents))).toBe(cents);
  });

  it('reads whole-unit inputs and leaves fractions for the contract to reject', () => {
    expect(wholeNumberInput('3')).toBe(3);
    expect(wholeNumberInput('1,5')).toBe(1.5);
    expect(wholeNumberInput('')).toBeUndefined();
    expect(wholeNumberInput('drei')).toBeNaN();
  });
});
