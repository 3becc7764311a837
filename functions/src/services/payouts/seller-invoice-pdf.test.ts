import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { payoutLedger, sumPeriod } from '@gm/shared/payouts/ledger';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { renderSellerInvoicePdf, type SellerInvoicePdfLine } from './seller-invoice-pdf.ts';

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

const lines: SellerInvoicePdfLine[] = [
  {
    order_no: 'GM-2026-000001',
    completed_at: '2026-11-02T10:00:00Z',
    gross: 5000,
    commission: 600,
    processing_fee: 100,
    seller_net: 4300,
    reversed_share: 0,
  },
  {
    order_no: 'GM-2026-000002',
    completed_at: '2026-11-03T10:00:00Z',
    gross: 2500,
    commission: 350,
    processing_fee: 63,
    seller_net: 2087,
    reversed_share: 2087,
  },
];
const figures = payoutLedger(sumPeriod(lines, [-1000], -300));
const invoice: SellerInvoiceRecord = {
  ...figures,
  id: 'inv-1',
  invoice_no: 'PR-2026-000007',
  seller_id: 's1',
  company_name: 'Alpen Spa GmbH',
  company_address: 'Hauptstraße 5, 6020 Innsbruck',
  seller_email: 'spa@example.com',
  iban: 'AT611904300234573201',
  bic: 'BKAUATWW',
  status: 'building',
  period_start: '2026-10-31T23:00:00.000Z',
  period_end: '2026-11-26T10:00:00.000Z',
  issued_at: '2026-11-26T10:05:00.000Z',
  created_by: 'schedule',
  email_sent: false,
  email_sent_at: null,
  transfer_status: 'pending',
  stripe_transfer_id: null,
  paid_at: null,
  pdf_key: 'seller-invoices/2026/PR-2026-000007.pdf',
  search_text: 'alpen spa gmbh pr-2026-000007',
};

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
