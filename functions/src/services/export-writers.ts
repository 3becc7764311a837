import { Zip, ZipPassThrough } from 'fflate';
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
 * been handed on, so memory holds one PDF at a time. PDFs are compressed already: they are stored.
 */
export async function writeZip(
  sink: ExportSink,
  entries: Iterable<{ name: string; data: () => Promise<Uint8Array> }>,
): Promise<void> {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else sink.write(chunk);
  });
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    file.push(await entry.data(), true);
    if (failure) throw failure;
    await sink.drained();
  }
  zip.end();
  if (failure) throw failure;
  await sink.drained();
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
