import {
  EXTF_COLUMNS,
  EXTF_HEADER_FIELD_COUNT,
  EXTF_HEADER_TEXT_FIELDS,
  EXTF_BOOKING_TEXT_FIELDS,
} from './datev-extf.ts';

/**
 * A small validator of DATEV Buchungsstapel files (EXTF 700 / 21 / Formatversion 13), written from
 * DATEV's format description (developer.datev.de "DATEV-Format", field definitions of the header
 * and of the booking fields): it checks what our writer produces and what DATEV's import refuses.
 * Used by the unit and integration tests; answers the problems found (empty = valid).
 */

type Cell = { value: string; quoted: boolean };

/** One `;`-separated line; quoted cells may hold `;` and doubled quotes. */
export function parseExtfLine(line: string): Cell[] {
  const cells: Cell[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new Error(`unclosed quote: ${line}`);
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else value += line[i++];
      }
      cells.push({ value, quoted: true });
      if (i < line.length && line[i] !== ';') throw new Error(`text after a closing quote at ${i}: ${line}`);
    } else {
      const end = line.indexOf(';', i);
      cells.push({ value: line.slice(i, end < 0 ? line.length : end), quoted: false });
      i = end < 0 ? line.length : end;
    }
    if (i >= line.length) break;
    i++; // the separator
    if (i === line.length) {
      cells.push({ value: '', quoted: false });
      break;
    }
  }
  return cells;
}

const realDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const ymdOk = (s: string) => /^\d{8}$/.test(s) && realDay(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8));

/** Problems of a whole file's text (decoded). */
export function checkExtf(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('the file must end with CRLF');
  if (/[^\r]\n/.test(text)) problems.push('line ends must be CRLF');
  const lines = text.replace(/\r\n$/, '').split('\r\n');
  if (lines.length < 2) return [...problems, 'header and column headings required'];
  const header = parseExtfLine(lines[0]!);
  const h = (n: number) => header[n - 1]?.value ?? '';
  if (header.length !== EXTF_HEADER_FIELD_COUNT) problems.push(`header has ${header.length} fields, expected 31`);
  for (const n of EXTF_HEADER_TEXT_FIELDS)
    if (header[n - 1] && !header[n - 1]!.quoted) problems.push(`header field ${n} must be quoted`);
  if (h(1) !== 'EXTF') problems.push('header 1 Kennzeichen must be EXTF');
  if (h(2) !== '700') problems.push('header 2 Versionsnummer must be 700');
  if (h(3) !== '21') problems.push('header 3 Formatkategorie must be 21');
  if (h(4) !== 'Buchungsstapel') problems.push('header 4 Formatname must be Buchungsstapel');
  if (h(5) !== '13') problems.push('header 5 Formatversion must be 13');
  if (
    !/^20\d{15}$/.test(h(6)) ||
    !ymdOk(h(6).slice(0, 8)) ||
    +h(6).slice(8, 10) > 23 ||
    +h(6).slice(10, 12) > 59 ||
    +h(6).slice(12, 14) > 59
  )
    problems.push('header 6 Erzeugt am must be YYYYMMDDHHMMSSFFF');
  if (h(7) !== '') problems.push('header 7 is a Leerfeld');
  if (h(8).length > 2) problems.push('header 8 Herkunft has at most 2 characters');
  if (!/^\d{4,7}$/.test(h(11)) || +h(11) < 1001) problems.push('header 11 Beraternummer must be 1001–9999999');
  if (!/^\d{1,5}$/.test(h(12)) || +h(12) < 1) problems.push('header 12 Mandantennummer must be 1–99999');
  if (!ymdOk(h(13))) problems.push('header 13 WJ-Beginn must be YYYYMMDD');
  if (!/^[4-8]$/.test(h(14))) problems.push('header 14 Sachkontenlänge must be 4–8');
  if (!ymdOk(h(15))) problems.push('header 15 Datum vom must be YYYYMMDD');
  if (!ymdOk(h(16))) problems.push('header 16 Datum bis must be YYYYMMDD');
  if (h(15) > h(16)) problems.push('header 15/16: Datum vom after Datum bis');
  if (h(15).slice(0, 4) !== h(16).slice(0, 4)) problems.push('header 15/16: one calendar year per batch');
  if (ymdOk(h(13)) && ymdOk(h(15))) {
    const wj = h(13);
    const wjEnd = `${+wj.slice(0, 4) + 1}${wj.slice(4)}`;
    if (h(15) < wj || h(16) >= wjEnd) problems.push('header 15/16 must lie in the Wirtschaftsjahr of field 13');
  }
  if (h(17).length > 30) problems.push('header 17 Bezeichnung has at most 30 characters');
  if (h(18) !== '' && !/^[A-Z]{2}$/.test(h(18))) problems.push('header 18 Diktatkürzel is 2 capital letters');
  if (!['', '1', '2'].includes(h(19))) problems.push('header 19 Buchungstyp must be 1 or 2');
  if (!['', '0', '30', '40', '50', '64'].includes(h(20))) problems.push('header 20 Rechnungslegungszweck');
  if (!['', '0', '1'].includes(h(21))) problems.push('header 21 Festschreibung must be 0 or 1');
  if (!/^[A-Z]{3}$/.test(h(22))) problems.push('header 22 WKZ must be an ISO currency');
  if (h(27) !== '' && !/^\d{2}$/.test(h(27))) problems.push('header 27 Sachkontenrahmen is 2 digits');

  const headings = parseExtfLine(lines[1]!);
  if (headings.length !== EXTF_COLUMNS.length)
    problems.push(`column headings: ${headings.length} fields, expected ${EXTF_COLUMNS.length}`);
  headings.forEach((cell, i) => {
    if (cell.value !== EXTF_COLUMNS[i]) problems.push(`column heading ${i + 1}: ${cell.value}`);
  });

  const skl = Number(h(14));
  const year = Number(h(15).slice(0, 4));
  lines.slice(2).forEach((line, index) => {
    const at = `line ${index + 3}`;
    const row = parseExtfLine(line);
    const f = (n: number) => row[n - 1]?.value ?? '';
    if (row.length !== EXTF_COLUMNS.length)
      problems.push(`${at}: ${row.length} fields, expected ${EXTF_COLUMNS.length}`);
    for (const n of EXTF_BOOKING_TEXT_FIELDS)
      if (row[n - 1] && row[n - 1]!.value !== '' && !row[n - 1]!.quoted)
        problems.push(`${at}: field ${n} must be quoted`);
    row.forEach((cell, i) => {
      if (/[\r\n\t]/.test(cell.value)) problems.push(`${at}: control character in field ${i + 1}`);
    });
    if (!/^\d{1,10},\d{2}$/.test(f(1)) || /^0+,00$/.test(f(1))) problems.push(`${at}: Umsatz ${f(1)}`);
    if (!/^[SH]$/.test(f(2))) problems.push(`${at}: Soll/Haben-Kennzeichen ${f(2)}`);
    if (f(3) !== '' && !/^[A-Z]{3}$/.test(f(3))) problems.push(`${at}: WKZ Umsatz ${f(3)}`);
    for (const n of [7, 8]) {
      const account = f(n);
      if (!/^\d{1,9}$/.test(account) || /^0+$/.test(account) || account.length > skl + 1)
        problems.push(`${at}: account field ${n} ${account}`);
    }
    if (f(7) === f(8)) problems.push(`${at}: Konto equals Gegenkonto`);
    if (f(9) !== '' && !/^\d{1,4}$/.test(f(9))) problems.push(`${at}: BU-Schlüssel ${f(9)}`);
    const date = f(10);
    if (!/^\d{4}$/.test(date) || !realDay(year, +date.slice(2, 4), +date.slice(0, 2)))
      problems.push(`${at}: Belegdatum ${date}`);
    else {
      const full = `${year}${date.slice(2, 4)}${date.slice(0, 2)}`;
      if (full < h(15) || full > h(16)) problems.push(`${at}: Belegdatum ${date} outside Datum vom/bis`);
    }
    if (f(11).length > 36 || /[^A-Za-z0-9$&%*+\-/_]/.test(f(11))) problems.push(`${at}: Belegfeld 1 ${f(11)}`);
    if (f(12).length > 12) problems.push(`${at}: Belegfeld 2 too long`);
    if (f(14).length > 60) problems.push(`${at}: Buchungstext longer than 60`);
    if (!['', '0', '1'].includes(f(114))) problems.push(`${at}: Festschreibung ${f(114)}`);
  });
  return problems;
}
