import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderSellerInvoicePdf } from './seller-invoice-pdf.ts';
import {
  testInvoiceFigures as figures,
  testInvoiceLines as lines,
  testSellerInvoice as invoice,
} from './test-seller-invoice.ts';

// Windows-1252 0x80–0x9F (the rest is Latin-1); '\0' marks unused codes.
const CP1252 = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ';
const fromWinAnsi = (bytes: Uint8Array) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b))).join('');

/** All text drawn on the pages: pdf-lib writes WinAnsi hex strings `<...> Tj` in (Flate-compressed) content streams. */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref) as unknown as { getContents(): Uint8Array; dict: { toString(): string } };
      const raw = stream.getContents();
      const body = stream.dict.toString().includes('FlateDecode') ? inflateSync(raw) : Buffer.from(raw);
      for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        text += `${fromWinAnsi(Buffer.from(match[1]!, 'hex'))}\n`;
    }
  }
  return text;
}

describe('renderSellerInvoicePdf', () => {
  it('renders the Gutschrift: platform to seller, masked IBAN, number, period, the ledger figures and the orders', async () => {
    const bytes = await renderSellerInvoicePdf(invoice, figures, lines);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Gutschrift PR-2026-000007');
    const text = await drawnText(bytes);
    for (const expected of [
      'Nummer: PR-2026-000007',
      'Zeitraum: 01-11-2026 bis 26-11-2026',
      'Gutscheinmarkt Demo GmbH',
      'Alpen Spa GmbH',
      'IBAN: ••••••••••••••••3201 · BIC: BKAUATWW',
      'Umsatz brutto (2 Bestellungen)',
      '75,00 €',
      '-9,50 €',
      '20 % USt auf Provision',
      // 20 % of 9,50 € = 1,90 €.
      '-1,90 €',
      'Zahlungsgebühren',
      '-1,63 €',
      // 20,87 € reversed on a line + 10,00 € adjustment.
      '-30,87 €',
      'Verrechnung Vorperiode',
      '-3,00 €',
      // 63,87 − 30,87 − 1,90 − 3,00 = 28,10 €.
      'Auszahlungsbetrag',
      '28,10 €',
      'GM-2026-000002 · 03-11-2026',
    ])
      expect(text).toContain(expected);
    expect(figures.payout).toBe(2810);
    expect(text).not.toContain('AT611904300234573201');
  });
});
