/**
 * The sort keys of the stats items a moment falls into (docs/data-model.md §4.7): the Europe/Vienna
 * day, ISO week and month, and `TOTAL`. Every sale, redemption and reversal ADDs to all four.
 */
const TIME_ZONE = 'Europe/Vienna';

export function viennaDate(at: Date | string | number): { year: number; month: number; day: number } {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date: ${String(at)}`);
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  });
  const p = Object.fromEntries(fmt.formatToParts(d).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/** ISO-8601 week of a calendar date: `2026-W48`; the week-year may differ from the calendar year. */
export function isoWeek(date: { year: number; month: number; day: number }): string {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of this week decides the year
  const weekYear = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

export function statsBuckets(at: Date | string | number): [string, string, string, 'TOTAL'] {
  const date = viennaDate(at);
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  return [`DAY#${date.year}-${mm}-${dd}`, `WEEK#${isoWeek(date)}`, `MONTH#${date.year}-${mm}`, 'TOTAL'];
}
