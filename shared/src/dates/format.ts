/** Dates are shown as DD.MM.YYYY (01 §1), invoices DD-MM-YYYY (02 §9); computed in Europe/Vienna. */
const TIME_ZONE = 'Europe/Vienna';

function parts(date: Date | string | number): { day: string; month: string; year: string } {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date: ${String(date)}`);
  const fmt = new Intl.DateTimeFormat('de-DE', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const p = Object.fromEntries(fmt.formatToParts(d).map((x) => [x.type, x.value]));
  return { day: p.day ?? '', month: p.month ?? '', year: p.year ?? '' };
}

export function formatDate(date: Date | string | number): string {
  const { day, month, year } = parts(date);
  return `${day}.${month}.${year}`;
}

export function formatInvoiceDate(date: Date | string | number): string {
  const { day, month, year } = parts(date);
  return `${day}-${month}-${year}`;
}

/** End of validity: 31.12. of the year `years` after the purchase year minus one (01 §9: "31.12. of the last valid period's year"). */
export function validUntil(purchasedAt: Date | string | number, years: number): string {
  const { year } = parts(purchasedAt);
  return `${Number(year) + years - 1}-12-31`;
}
