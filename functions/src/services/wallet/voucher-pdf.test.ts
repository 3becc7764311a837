import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import {
  amountLine,
  appUrlOf,
  daysLabel,
  imageKind,
  monthsLabel,
  qrMatrix,
  renderVoucherPdf,
  type VoucherPdfInput,
} from './voucher-pdf.ts';

const QR_URL = 'http://localhost:5173/qr/0123456789ABCDEFGHJKMNPQRS';

const input = (overrides: Partial<VoucherPdfInput> = {}): VoucherPdfInput => ({
  title: 'Wellness-Tag',
  sellerName: 'Alpen Spa',
  sellerAddress: 'Museumstraße 1, 6020 Innsbruck',
  type: 'value',
  qty: 1,
  value: 5000,
  totalValue: 5000,
  remainingValue: 5000,
  remainingQty: 1,
  priceHidden: false,
  note: null,
  fromName: null,
  validUntil: '2029-12-31',
  validDays: [],
  months: [],
  terms: null,
  code: '0123456789ABCDEFGHJKMNPQRS',
  qr: QR_URL,
  orderNo: 'GM-2026-000001',
  textColor: '#ffffff',
  backgroundColor: '#1D4F55',
  background: null,
  ...overrides,
});

/** pdf-lib writes page text as hex strings of the WinAnsi bytes. */
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
/** The decoded content streams (not images) of a PDF, as one latin1 string. */
async function pageText(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  let out = '';
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype'))) continue;
    out += Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
  }
  return out;
}

describe('voucher PDF', () => {
  it('draws a QR matrix that jsQR reads back as the voucher URL', async () => {
    const m = await qrMatrix(QR_URL);
    const scale = 6;
    const size = m.size * scale;
    const rgba = new Uint8ClampedArray(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const v = m.dark(Math.floor(x / scale), Math.floor(y / scale)) ? 0 : 255;
        rgba.set([v, v, v, 255], (y * size + x) * 4);
      }
    }
    expect(jsQR(rgba, size, size)?.data).toBe(QR_URL);
  });

  it('prints the value unless the price is hidden', async () => {
    const shown = await pageText(await renderVoucherPdf(input()));
    const hidden = await pageText(await renderVoucherPdf(input({ priceHidden: true })));
    expect(shown).toContain(hex('50,00'));
    expect(hidden).not.toContain(hex('50,00'));
    expect(shown).toContain(hex('Gültig bis 31.12.2029'));
  });

  it('renders one page and survives a broken or unsupported background', async () => {
    for (const background of [new Uint8Array([0xff, 0xd8, 1, 2, 3]), new TextEncoder().encode('<svg/>')]) {
      const pdf = await renderVoucherPdf(input({ background, note: 'Alles Gute!\nDeine Anna', fromName: 'Anna' }));
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    }
  });

  it('prints the balance-check link (issue 13), broken before its query when the column is too narrow', async () => {
    const code = '0123456789ABCDEFGHJKMNPQRS';
    expect(appUrlOf(QR_URL)).toBe('http://localhost:5173');
    const short = await pageText(
      await renderVoucherPdf(input({ balanceUrl: balanceCheckUrl(appUrlOf(QR_URL), code) })),
    );
    expect(short).toContain(hex('Restguthaben prüfen'));
    expect(short).toContain(hex(`http://localhost:5173/guthaben?code=${code}`));
    const base = 'https://ein-sehr-langer-name-fuer-den-gutscheinmarkt.example.com';
    const long = await pageText(await renderVoucherPdf(input({ balanceUrl: balanceCheckUrl(base, code) })));
    expect(long).toContain(hex(`${base}/guthaben`));
    expect(long).toContain(hex(`?code=${code}`));
    expect(await pageText(await renderVoucherPdf(input()))).not.toContain(hex('Restguthaben prüfen'));
  });

  it('labels amounts, days and months', () => {
    expect(amountLine({ type: 'value', qty: 1, value: 5000, totalValue: 5000, title: 'x' })).toBe('50,00 €');
    expect(amountLine({ type: 'value', qty: 3, value: 2000, totalValue: 6000, title: 'x' })).toBe('3 × 20,00 €');
    expect(amountLine({ type: 'quantity', qty: 2, value: null, totalValue: 15800, title: 'Massage' })).toBe(
      '2 × Massage',
    );
    expect(daysLabel([])).toBe('jederzeit zu den Öffnungszeiten');
    expect(daysLabel(['Sa', 'Mo', 'Feiertag'])).toBe('Mo, Sa, Feiertag');
    expect(monthsLabel([12, 1])).toBe('Jänner, Dezember');
    expect(monthsLabel([])).toBe('ganzjährig');
    expect(imageKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('png');
    expect(imageKind(new TextEncoder().encode('<svg'))).toBeUndefined();
  });
});
