/**
 * Vienna calendar days as UTC instants, for range queries over ISO timestamps (data-model §5.3
 * "first and last instant of the period (Vienna days → UTC)"). DST-safe: the offset is taken at the
 * instant itself.
 */
const TIME_ZONE = 'Europe/Vienna';

/** The Europe/Vienna calendar date (YYYY-MM-DD) of a moment: "today" for validity ends, gift expiry dates, birthdays. */
export function viennaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The Europe/Vienna year (YYYY) of a moment: the year of order, invoice and redemption number series (data-model §4.6). */
export const viennaYear = (at: Date): string => viennaDay(at).slice(0, 4);

function offsetMinutes(at: number): number {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(fmt.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The first instant (UTC) of a Vienna day `YYYY-MM-DD`. */
export function viennaDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - offsetMinutes(wall) * 60_000;
  at = wall - offsetMinutes(at) * 60_000;
  return new Date(at);
}

/** ISO bounds for `BETWEEN`: from the first instant of `from` to the last millisecond of `to` (Vienna days, both included). */
export function viennaDayRange(from: string, to: string): { start: string; end: string } {
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: viennaDayStart(from).toISOString(), end: new Date(viennaDayStart(next).getTime() - 1).toISOString() };
}
