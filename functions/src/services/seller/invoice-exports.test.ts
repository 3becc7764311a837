import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportSink } from '../../adapters/export-files.ts';
import { writeCsv, writeZip } from '../export-writers.ts';

/** A sink that records what arrives and when the producer waited for it. */
function recordingSink() {
  const chunks: Uint8Array[] = [];
  const log: string[] = [];
  const sink: ExportSink = {
    write: (chunk) => void chunks.push(chunk),
    drained: async () => void log.push(`drained after ${chunks.length}`),
  };
  const bytes = () => {
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.byteLength;
    }
    return all;
  };
  return { sink, log, bytes };
}

describe('writeZip', () => {
  it('produces each entry only after the previous one went to the sink, and the zip holds all', async () => {
    const { sink, log, bytes } = recordingSink();
    const produced: string[] = [];
    await writeZip(
      sink,
      ['a', 'b', 'c'].map((name) => ({
        name: `${name}.pdf`,
        data: async () => {
          produced.push(`${name} after ${log.length} drains`);
          return new TextEncoder().encode(`%PDF-${name}`.repeat(100));
        },
      })),
    );
    expect(produced).toEqual(['a after 0 drains', 'b after 1 drains', 'c after 2 drains']);
    const files = unzipSync(bytes());
    expect(Object.keys(files)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(new TextDecoder().decode(files['b.pdf'])).toBe('%PDF-b'.repeat(100));
  });

  it('stores the entries under their UTF-8 names, and an export without files is an empty zip', async () => {
    const named = recordingSink();
    const data = new Uint8Array(70_000).map((_, i) => i % 251);
    await writeZip(named.sink, [{ name: 'Gutschrift-Müller-ÄÖÜ.pdf', data: async () => data }]);
    const files = unzipSync(named.bytes(), {
      filter: (file) => (file.compression === 0 && file.size === data.byteLength) || expect.fail('not stored'),
    });
    expect(Object.keys(files)).toEqual(['Gutschrift-Müller-ÄÖÜ.pdf']);
    expect(files['Gutschrift-Müller-ÄÖÜ.pdf']).toEqual(data);
    const empty = recordingSink();
    await writeZip(empty.sink, []);
    expect(empty.bytes().byteLength).toBe(22);
    expect(unzipSync(empty.bytes())).toEqual({});
  });
});

describe('writeCsv', () => {
  it('writes a BOM, ; separated quoted fields and CRLF, in pieces', async () => {
    const { sink, log, bytes } = recordingSink();
    const rows = [['Nr', 'Name'], ...Array.from({ length: 20_000 }, (_, i) => [i, `Müller; "${i}"`])];
    await writeCsv(sink, rows);
    expect(log.length).toBeGreaterThan(2);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes());
    expect(text.startsWith('\uFEFFNr;Name\r\n0;"Müller; ""0"""\r\n')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(20_001);
  });
});
