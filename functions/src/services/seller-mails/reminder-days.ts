import { viennaDay } from '@gm/shared/dates/vienna-range';

/** Calendar arithmetic on Vienna days (`yyyy-mm-dd`): the day `n` days after `day` (no clock, no DST). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both Vienna days). */
export function daysBetween(from: string, to: string): number {
  const ms = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

export type ReminderKind = 30 | 7;

/**
 * The expiry days each reminder covers on a run at `now` (Vienna today T): the 30-day reminder for
 * vouchers whose last valid day is T+24 … T+30, the 7-day one for T+1 … T+7. On a daily schedule
 * each voucher enters its window on the exact day (T+30, T+7); the rest of the window only catches
 * up runs that were missed (up to 6 days late). Disjoint windows: a voucher gets each reminder at most once.
 */
export function reminderWindows(now: Date): { kind: ReminderKind; from: string; to: string }[] {
  const today = viennaDay(now);
  return [
    { kind: 30, from: addDays(today, 24), to: addDays(today, 30) },
    { kind: 7, from: addDays(today, 1), to: addDays(today, 7) },
  ];
}

/** The month before the one `now` falls in (Vienna), `yyyy-mm`: what the report of the 1st covers. */
export function previousMonth(now: Date): string {
  const [y, m] = viennaDay(now).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
