import type { Booking, BookingKind } from './accounting.ts';

/**
 * BMD NTCS booking import (Austria, "Buchungsimport" / Finanzbuchungen CSV): the same bookings as the
 * DATEV batch. BMD's import takes the standard field names in its first line and maps them by name:
 * `satzart;konto;gkonto;belegnr;extbelegnr;belegdat;buchdat;buchsymbol;buchcode;prozent;steuercode;betrag;steuer;text`
 * - satzart 0 (Finanzbuchung), konto / gkonto as in the DATEV file (Soll / Haben account),
 * - belegnr a running number (BMD's numeric Belegnummer), extbelegnr the document (RE-/ST-/PR-…),
 * - belegdat = buchdat TT.MM.JJJJ, buchsymbol SO (sonstige) or BK (bank: payouts),
 * - buchcode 1 (Soll on `konto`), betrag positive with a decimal comma,
 * - prozent 0, steuercode 0, steuer 0,00: the VAT is its own booking on the VAT account (as in DATEV),
 * - text ≤ 50 characters.
 * Semicolon-separated, CRLF, Windows-1252 (like the DATEV file; BMD's import reads ANSI by default).
 */
export const BMD_COLUMNS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'extbelegnr',
  'belegdat',
  'buchdat',
  'buchsymbol',
  'buchcode',
  'prozent',
  'steuercode',
  'betrag',
  'steuer',
  'text',
] as const;

const SYMBOL: Record<BookingKind, string> = {
  sale: 'SO',
  refund: 'SO',
  refund_platform_share: 'SO',
  commission: 'SO',
  commission_vat: 'SO',
  fees: 'SO',
  payout: 'BK',
};

const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const date = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** A text field: no separators, quotes or line breaks (BMD reads them unquoted). */
const text = (value: string, max: number) =>
  value
    .replace(/"/g, '')
    .replace(/[;\s]+/g, ' ')
    .trim()
    .slice(0, max);

export function bmdCsv(bookings: readonly Booking[]): string {
  const lines = [BMD_COLUMNS.join(';')];
  bookings.forEach((b, i) => {
    lines.push(
      [
        '0',
        b.debit,
        b.credit,
        String(i + 1),
        text(b.document, 36),
        date(b.date),
        date(b.date),
        SYMBOL[b.kind],
        '1',
        '0',
        '0',
        amount(b.amount),
        '0,00',
        text(b.text, 50),
      ].join(';'),
    );
  });
  return `${lines.join('\r\n')}\r\n`;
}
