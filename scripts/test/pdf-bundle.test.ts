import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeCode } from '@gm/shared/admin/tourism';
import { lambdaBuildOptions } from '../../functions/src/bundle-build.ts';
import { renderInvoicePdf } from '../../functions/src/services/orders/invoice-pdf.ts';
import { sampleInvoice } from '../../functions/src/services/orders/test-invoice.ts';
import { renderEmployeeCodeCards } from '../../functions/src/services/tourism/employee-code-pdf.ts';
import { renderVoucherPdf, type VoucherPdfInput } from '../../functions/src/services/wallet/voucher-pdf.ts';
import { REPO_ROOT } from './bundles.ts';
import { qrTextsInPdf } from './pdf-qr.ts';

/**
 * The Lambdas bundle pdf-lib with `pako` replaced by Node's zlib and only the standard fonts we embed
 * (LAMBDA_BUNDLE.alias): the renderers bundled that way must make the same PDFs as the renderers with
 * the real packages (every other test runs those). Same objects, same decoded streams; only the
 * compressed bytes and the dates may differ.
 */
type Renderers = {
  renderVoucherPdf: typeof renderVoucherPdf;
  renderEmployeeCodeCards: typeof renderEmployeeCodeCards;
  renderInvoicePdf: typeof renderInvoicePdf;
};

let dir: string;
let bundled: Renderers;
let inputs: esbuild.Metafile['inputs'];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gm-pdf-bundle-'));
  const result = await esbuild.build({
    // One file to import: the PDF stack inline (the Lambdas put it in a chunk; the bytes it renders are the same).
    ...lambdaBuildOptions(),
    splitting: false,
    stdin: {
      contents: [
        "export { renderVoucherPdf } from './functions/src/services/wallet/voucher-pdf.ts';",
        "export { renderEmployeeCodeCards } from './functions/src/services/tourism/employee-code-pdf.ts';",
        "export { renderInvoicePdf } from './functions/src/services/orders/invoice-pdf.ts';",
      ].join('\n'),
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    write: false,
    metafile: true,
  });
  inputs = result.metafile.inputs;
  const file = path.join(dir, 'renderers.mjs');
  writeFileSync(file, result.outputFiles[0]!.contents);
  bundled = (await import(pathToFileURL(file).href)) as Renderers;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every indirect object of a PDF as text: streams decoded, dates blanked. */
async function objects(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([ref, object]) => {
      if (!(object instanceof PDFRawStream)) return `${ref.toString()} ${object.toString()}`;
      const dict = object.dict.clone();
      dict.delete(PDFName.of('Length'));
      const body = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
      return `${ref.toString()} ${dict.toString()} ${body}`;
    })
    .map((text) => text.replace(/D:\d{14}Z/g, 'D:…'));
}

const QR = 'http://localhost:5173/qr/0123456789ABCDEFGHJKMNPQRS';

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([(i * 7) % 256, (i * 13) % 256, 180, 255], i * 4);
  return PNG.sync.write(image);
}

const voucher: VoucherPdfInput = {
  title: 'Wellness-Tag „Deluxe“',
  sellerName: 'Alpen Spa',
  sellerAddress: 'Museumstraße 1, 6020 Innsbruck',
  type: 'value',
  qty: 2,
  value: 5000,
  totalValue: 10000,
  remainingValue: 7500,
  remainingQty: 2,
  priceHidden: false,
  note: 'Alles Gute!\nDeine Anna',
  fromName: 'Anna',
  validUntil: '2029-12-31',
  validDays: ['Mo', 'Sa'],
  months: [1, 12],
  terms: 'Nur nach Voranmeldung.',
  code: '0123456789ABCDEFGHJKMNPQRS',
  qr: QR,
  balanceUrl: 'http://localhost:5173/guthaben?code=0123456789ABCDEFGHJKMNPQRS',
  orderNo: 'GM-2026-000001',
  textColor: '#ffffff',
  backgroundColor: '#1D4F55',
  background: png(40, 37),
};

const codes: EmployeeCode[] = [
  {
    id: 'c1',
    value: 'ABCD-EFGH',
    is_active: true,
    partner_id: 'p1',
    company: { id: 'co1', name: 'Hotel Alpenblick' },
    user: null,
    user_details: null,
    used_at: null,
    redemptions: [],
    created_at: '2026-03-04T10:00:00.000Z',
  } as EmployeeCode,
];

describe('the PDF renderers as the Lambdas bundle them', () => {
  it('carry neither pako nor the metrics of fonts we do not embed', () => {
    const files = Object.keys(inputs);
    expect(files).toEqual(
      expect.arrayContaining(['functions/src/lib/pdf/pako-zlib.ts', 'functions/src/lib/pdf/standard-fonts.ts']),
    );
    expect(files.filter((f) => f.includes('node_modules/pako/'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.compressed.json')).map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(['Helvetica.compressed.json', 'Helvetica-Bold.compressed.json']),
    );
    expect(files.filter((f) => /(Times|Symbol|Zapf|Oblique)[^/]*\.compressed\.json$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.includes('node_modules/qrcode/lib/renderer/'))).toEqual([]);
  });

  it('make the same voucher PDF (PNG background, QR image), and its QR still reads', async () => {
    const pdf = await bundled.renderVoucherPdf(voucher);
    expect(await objects(pdf)).toEqual(await objects(await renderVoucherPdf(voucher)));
    expect(await qrTextsInPdf(pdf)).toContain(QR);
  });

  it('make the same employee code cards (Courier-Bold)', async () => {
    const input = {
      codes,
      appUrl: 'http://localhost:5173',
      subdomain: 'innsbruck',
      tourismName: 'Innsbruck Tourismus',
    };
    const pdf = await bundled.renderEmployeeCodeCards(input);
    expect(await objects(pdf)).toEqual(await objects(await renderEmployeeCodeCards(input)));
    expect((await qrTextsInPdf(pdf)).length).toBe(1);
  });

  it('make the same invoice', async () => {
    expect(await objects(await bundled.renderInvoicePdf(sampleInvoice))).toEqual(
      await objects(await renderInvoicePdf(sampleInvoice)),
    );
  });
});
