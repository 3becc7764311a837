import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../test-pdf-text.ts';
import { renderSellerInvoicePdf } from './seller-invoice-pdf.ts';
import {
  testInvoiceFigures as figures,
  testInvoiceLines as lines,
  testSellerInvoice as invoice,
} from './test-seller-invoice.ts';

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
