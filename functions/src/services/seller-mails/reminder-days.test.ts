import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, previousMonth, reminderWindows } from './reminder-days.ts';

describe('reminder days (Vienna)', () => {
  it('adds days across month, year and leap day', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2027-03-01', '2027-03-31')).toBe(30);
    // Over the DST change (2027-03-28) a day is still one day.
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
  });

  it('takes today in Vienna: 23:30 UTC on Dec 31 is already Jan 1 there', () => {
    const windows = reminderWindows(new Date('2026-12-31T23:30:00Z'));
    expect(windows).toEqual([
      { kind: 30, from: '2027-01-25', to: '2027-01-31' },
      { kind: 7, from: '2027-01-02', to: '2027-01-08' },
    ]);
    // Summer time: 22:30 UTC on Jun 30 is Jul 1 in Vienna.
    expect(reminderWindows(new Date('2027-06-30T22:30:00Z'))[1]).toEqual({
      kind: 7,
      from: '2027-07-02',
      to: '2027-07-08',
    });
    expect(reminderWindows(new Date('2027-06-30T21:30:00Z'))[1]).toEqual({
      kind: 7,
      from: '2027-07-01',
      to: '2027-07-07',
    });
  });

  it('names last month in Vienna', () => {
    expect(previousMonth(new Date('2027-01-01T08:00:00Z'))).toBe('2026-12');
    expect(previousMonth(new Date('2027-02-28T23:30:00Z'))).toBe('2027-02');
    expect(previousMonth(new Date('2027-03-31T23:30:00Z'))).toBe('2027-03');
  });
});
