import { crc32 } from 'node:zlib';
import type { ExportSink } from '../adapters/export-files.ts';

/**
 * Writers of export files (CSV, zip), apart from any PDF rendering: a CSV export's bundle then holds
 * no pdf-lib (issue 15's bundle budgets, scripts/test/bundle-budgets.test.ts).
 */
/** Writes a text file (UTF-8 with BOM, so spreadsheet programs read the umlauts) in pieces of about 64 kB. */
export async function writeCsv(sink: ExportSink, rows: Iterable<ReadonlyArray<string | number>>): Promise<void> {
  const encoder = new TextEncoder();
  let buffer = '\uFEFF';
  for (const row of rows) {
    buffer += row.map(csvField).join(';') + '\r\n';
    if (buffer.length >= 65_536) {
      sink.write(encoder.encode(buffer));
      buffer = '';
      await sink.drained();
    }
  }
  if (buffer) sink.write(encoder.encode(buffer));
  await sink.drained();
}

/**
 * A zip streamed into the sink: each entry is produced (rendered) only when the previous one has
 * been handed on, so memory holds one PDF at a time. PDFs are compressed already: they are stored
 * (method 0), names in UTF-8 (flag 11). Written here over node:zlib's crc32 rather than with fflate,
 * whose module builds its deflate tables at import (≈ 10 ms of every cold start of an export route,
 * issue 15) for compression we do not use. No ZIP64: an export stays far below 65,535 entries and 4 GiB.
 */
export async function writeZip(
  sink: ExportSink,
  entries: Iterable<{ name: string; data: () => Promise<Uint8Array> }>,
  modified = new Date(),
): Promise<void> {
  const [time, date] = dosDateTime(modified);
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const data = await entry.data();
    const crc = crc32(data);
    if (offset + data.byteLength > ZIP32_LIMIT || directory.length === 0xffff) throw new RangeError('zip too large');
    const local = zipHeader(LOCAL_FILE, name, { time, date, crc, size: data.byteLength });
    directory.push(zipHeader(CENTRAL_FILE, name, { time, date, crc, size: data.byteLength, offset }));
    sink.write(local);
    sink.write(data);
    offset += local.byteLength + data.byteLength;
    await sink.drained();
  }
  const size = directory.reduce((n, record) => n + record.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, END_OF_DIRECTORY, true);
  end.setUint16(8, directory.length, true);
  end.setUint16(10, directory.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  for (const record of directory) sink.write(record);
  sink.write(new Uint8Array(end.buffer));
  await sink.drained();
}

const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP32_LIMIT = 0xffffffff;

/** A local file header, or (with the entry's offset) its central directory record: stored, UTF-8 name. */
function zipHeader(
  signature: number,
  name: Uint8Array,
  entry: { time: number; date: number; crc: number; size: number; offset?: number },
): Uint8Array {
  const central = signature === CENTRAL_FILE;
  const fixed = central ? 46 : 30;
  const bytes = new Uint8Array(fixed + name.byteLength);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u16 = (value: number) => (view.setUint16(at, value, true), (at += 2));
  const u32 = (value: number) => (view.setUint32(at, value, true), (at += 4));
  u32(signature);
  if (central) u16(20); // made by: version 2.0
  u16(20); // needed to extract: version 2.0
  u16(0x0800); // the name is UTF-8
  u16(0); // stored
  u16(entry.time);
  u16(entry.date);
  u32(entry.crc);
  u32(entry.size); // compressed = uncompressed
  u32(entry.size);
  u16(name.byteLength);
  u16(0); // no extra field
  if (central) {
    u16(0); // no comment
    u16(0); // disk 0
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(entry.offset ?? 0);
  }
  bytes.set(name, at);
  return bytes;
}

/** MS-DOS time and date (local time, 2 s resolution, years 1980–2107), as zip headers keep them. */
function dosDateTime(at: Date): [number, number] {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return [
    (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  ];
}

/** 12,34 (no thousands separator, so spreadsheets read it as a number): the money of the admin and seller CSVs. */
export const csvMoney = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** One CSV field: quoted when it holds the separator, a quote or a line break; formula starts neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
