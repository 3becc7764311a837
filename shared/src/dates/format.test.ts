import { describe, expect, it } from 'vitest';
import { formatDate, formatInvoiceDate, validUntil } from './format.ts';

describe('dates', () => {
  it('shows DD.MM.YYYY in Vienna time', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05.03.2026');
    // 23:30 UTC on New Year's Eve is already 1 January in Vienna.
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
  });

  it('writes invoice dates with dashes', () => {
    expect(formatInvoiceDate('2026-11-25T12:00:00Z')).toBe('25-11-2026');
  });

  it('ends validity on 31.12. of the last valid year', () => {
    expect(validUntil('2026-06-01T00:00:00Z', 4)).toBe('2029-12-31');
    expect(validUntil('2026-06-01T00:00:00Z', 10)).toBe('2035-12-31');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
