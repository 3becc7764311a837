import { describe, expect, it } from 'vitest';
import { isoWeek, statsBuckets } from './stats-buckets.ts';

describe('stats buckets', () => {
  it('uses the Vienna day, ISO week and month', () => {
    expect(statsBuckets('2026-11-25T09:30:00.000Z')).toEqual([
      'DAY#2026-11-25',
      'WEEK#2026-W48',
      'MONTH#2026-11',
      'TOTAL',
    ]);
    // 23:30 UTC on 31.12. is already New Year in Vienna.
    expect(statsBuckets('2026-12-31T23:30:00.000Z')).toEqual([
      'DAY#2027-01-01',
      'WEEK#2026-W53',
      'MONTH#2027-01',
      'TOTAL',
    ]);
  });

  it('computes ISO weeks across year ends', () => {
    expect(isoWeek({ year: 2026, month: 1, day: 1 })).toBe('2026-W01');
    expect(isoWeek({ year: 2024, month: 12, day: 30 })).toBe('2025-W01');
    expect(isoWeek({ year: 2021, month: 1, day: 3 })).toBe('2020-W53');
    expect(isoWeek({ year: 2026, month: 12, day: 28 })).toBe('2026-W53');
  });
});
