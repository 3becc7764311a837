import { describe, expect, it } from 'vitest';
import { viennaDayRange, viennaDayStart } from './vienna-range.ts';

describe('Vienna days as UTC ranges', () => {
  it('winter (UTC+1) and summer (UTC+2)', () => {
    expect(viennaDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(viennaDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });
  it('covers both days fully, across the DST change', () => {
    expect(viennaDayRange('2026-03-28', '2026-03-29')).toEqual({ start: '2026-03-27T23:00:00.000Z', end: '2026-03-29T21:59:59.999Z' });
    expect(viennaDayRange('2026-11-26', '2026-11-26')).toEqual({ start: '2026-11-25T23:00:00.000Z', end: '2026-11-26T22:59:59.999Z' });
  });
});
