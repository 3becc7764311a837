import type { Booking } from './accounting.ts';

/**
 * DATEV-Format, Buchungsstapel (EXTF, header version 700, Formatkategorie 21, Formatversion 13), as
 * DATEV's format description (developer.datev.de "DATEV-Format / Buchungsstapel") lays it out:
 * - line 1: the 31 header fields ("EXTF";700;21;"Buchungsstapel";13;created YYYYMMDDHHMMSSFFF;;
 *   "RE";"";"";Berater;Mandant;WJ-Beginn;Sachkontenlänge;Datum vom;Datum bis;"Bezeichnung";"";
 *   Buchungstyp 1;Rechnungslegungszweck 0;Festschreibung 0;"EUR";;"";;;"03|04";;;"";""),
 * - line 2: the 125 column headings of Formatversion 13,
 * - then one line per booking with 125 fields.
 * Semicolon-separated, text fields in double quotes (a quote doubled), numbers bare, amounts without
 * sign and with a decimal comma ("1234,56"), Belegdatum TTMM, CRLF after every line. DATEV reads the
 * file as Windows-1252 (ANSI) unless it starts with a BOM: `encodeWindows1252` is how it is written.
 */

/** Header fields that are quoted text (1-based positions). */
export const EXTF_HEADER_TEXT_FIELDS = [1, 4, 8, 9, 10, 17, 18, 22, 24, 27, 30, 31] as const;
export const EXTF_HEADER_FIELD_COUNT = 31;

/** The 125 column headings of Buchungsstapel Formatversion 13 (line 2), in DATEV's order. */
export const EXTF_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** Booking fields (1-based) we fill; the others stay empty. */
export const EXTF_FIELD = {
  amount: 1,
  side: 2,
  currency: 3,
  account: 7,
  contra: 8,
  buKey: 9,
  date: 10,
  document: 11,
  text: 14,
  lock: 114,
} as const;
/** Booking fields that are quoted text when filled. */
export const EXTF_BOOKING_TEXT_FIELDS = [2, 3, 9, 11, 12, 14] as const;

export type ExtfHeader = {
  /** Erzeugt am: the moment of the export. */
  created: Date;
  consultant: number;
  client: number;
  /** YYYY-MM-DD */
  fiscalYearStart: string;
  accountLength: number;
  from: string;
  to: string;
  /** Bezeichnung (≤ 30 characters). */
  label: string;
  /** Sachkontenrahmen "03" / "04". */
  chart: string;
};

/** A quoted text field: quotes doubled, line breaks and tabs flattened, cut to `max`. */
export function extfText(value: string, max = Infinity): string {
  const clean = value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
  return `"${clean.replace(/"/g, '""')}"`;
}

/** 1234,56 (no sign, no thousands separator). */
export const extfAmount = (cents: number) =>
  `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Belegfeld 1 keeps the characters DATEV allows (A–Z a–z 0–9 $ & % * + - /), at most 36. */
export const extfDocument = (value: string) => value.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);

const ymd = (day: string) => day.replace(/-/g, '');

/** YYYYMMDDHHMMSSFFF in Vienna wall time. */
export function extfTimestamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${String(at.getUTCMilliseconds()).padStart(3, '0')}`;
}

export function extfHeaderLine(header: ExtfHeader): string {
  const fields = [
    extfText('EXTF'),
    '700',
    '21',
    extfText('Buchungsstapel'),
    '13',
    extfTimestamp(header.created),
    '',
    extfText('RE'),
    extfText('Gutscheinmarkt'),
    extfText(''),
    String(header.consultant),
    String(header.client),
    ymd(header.fiscalYearStart),
    String(header.accountLength),
    ymd(header.from),
    ymd(header.to),
    extfText(header.label, 30),
    extfText(''),
    '1',
    '0',
    '0',
    extfText('EUR'),
    '',
    extfText(''),
    '',
    '',
    extfText(header.chart),
    '',
    '',
    extfText(''),
    extfText(''),
  ];
  return fields.join(';');
}

export function extfBookingLine(booking: Booking): string {
  const fields: string[] = new Array<string>(EXTF_COLUMNS.length).fill('');
  const set = (field: number, value: string) => (fields[field - 1] = value);
  set(EXTF_FIELD.amount, extfAmount(booking.amount));
  set(EXTF_FIELD.side, extfText('S'));
  set(EXTF_FIELD.currency, extfText('EUR'));
  set(EXTF_FIELD.account, booking.debit);
  set(EXTF_FIELD.contra, booking.credit);
  set(EXTF_FIELD.date, `${booking.date.slice(8, 10)}${booking.date.slice(5, 7)}`);
  set(EXTF_FIELD.document, extfText(extfDocument(booking.document)));
  set(EXTF_FIELD.text, extfText(booking.text, 60));
  set(EXTF_FIELD.lock, '0');
  return fields.join(';');
}

/** The whole batch as text (CRLF after every line). Pure: the same input gives the same file. */
export function datevExtf(header: ExtfHeader, bookings: readonly Booking[]): string {
  const lines = [extfHeaderLine(header), EXTF_COLUMNS.join(';'), ...bookings.map(extfBookingLine)];
  return `${lines.join('\r\n')}\r\n`;
}

/** Windows-1252 code points 0x80–0x9F (the rest of 0xA0–0xFF is Latin-1). */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Text as Windows-1252 bytes; a character it cannot hold becomes '?'. */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out[n++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (CP1252_HIGH[code] ?? 0x3f);
  }
  return out.subarray(0, n);
}

/** Windows-1252 bytes back to text (tests and the validator). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const reverse = new Map(Object.entries(CP1252_HIGH).map(([code, byte]) => [byte, Number(code)]));
  let text = '';
  for (const byte of bytes) text += String.fromCodePoint(reverse.get(byte) ?? byte);
  return text;
}
