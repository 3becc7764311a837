import { describe, expect, it } from 'vitest';
import { viennaDay, viennaDayRange, viennaDayStart, viennaYear } from './vienna-range.ts';

describe('Vienna days as UTC ranges', () => {
  it('winter (UTC+1) and summer (UTC+2)', () => {
    expect(viennaDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(viennaDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });
  it('covers both days fully, across the DST change', () => {
    expect(viennaDayRange('2026-03-28', '2026-03-29')).toEqual({
      start: '2026-03-27T23:00:00.000Z',
      end: '2026-03-29T21:59:59.999Z',
    });
    expect(viennaDayRange('2026-11-26', '2026-11-26')).toEqual({
      start: '2026-11-25T23:00:00.000Z',
      end: '2026-11-26T22:59:59.999Z',
    });
  });
});

describe('Vienna calendar day and year of a moment', () => {
  it('uses the Vienna date, not the UTC one, around midnight and new year', () => {
    expect(viennaDay(new Date('2026-11-25T22:59:59.999Z'))).toBe('2026-11-25');
    expect(viennaDay(new Date('2026-11-25T23:00:00.000Z'))).toBe('2026-11-26');
    expect(viennaDay(new Date('2026-07-14T22:00:00.000Z'))).toBe('2026-07-15');
    expect(viennaYear(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027');
    expect(viennaYear(new Date('2026-12-31T22:30:00.000Z'))).toBe('2026');
  });
});
