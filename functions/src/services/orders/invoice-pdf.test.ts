import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../test-pdf-text.ts';
import { winAnsi } from '../pdf-text.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { sampleInvoice as invoice } from './test-invoice.ts';

describe('renderInvoicePdf', () => {
  it('renders a PDF that parses back with the invoice number, date, parties, lines and VAT', async () => {
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('Rechnung RE-2026-K7M3Q-000042');
    const text = await drawnText(bytes);
    expect(text).toContain('Rechnung');
    expect(text).toContain('Rechnungsnummer: RE-2026-K7M3Q-000042');
    expect(text).toContain('Rechnungsdatum: 04.03.2026');
    expect(text).toContain('Alpen Spa GmbH');
    expect(text).toContain('UID-Nummer: ATU12345678');
    expect(text).toContain('Gutscheinmarkt Demo GmbH');
    expect(text).toContain('Musterstraße 1, 6020 Innsbruck');
    expect(text).toContain('Anna Käufer');
    expect(text).toContain('buyer@example.com');
    // Unencodable characters are replaced; the euro sign and German quotes are WinAnsi.
    expect(text).toContain('Wellness ? Tag – „Deluxe“ ? · 2 × 45,00 €');
    expect(text).toContain('90,00 €');
    expect(text).toContain('Enthaltene USt. 20 % auf 90,00 € (netto 75,00 €)');
    expect(text).not.toMatch(/Provision|Kommission/);
  });

  it('states the multi-purpose voucher and shows a discount', async () => {
    const text = await drawnText(
      await renderInvoicePdf({
        ...invoice,
        multi_purpose: true,
        discount: 1000,
        gross: 8000,
        tax: 0,
        net: 8000,
        lines: [{ ...invoice.lines[0]!, tax_rate: null, tax: 0, net: 8000 }],
      }),
    );
    expect(text).toContain('Mehrzweckgutschein');
    expect(text).toContain('-10,00 €');
    expect(text).toContain('80,00 €');
    expect(text).not.toContain('Enthaltene USt.');
  });

  it('runs onto further pages for many lines', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({ ...invoice.lines[0]!, title: `Position ${i + 1}` }));
    const doc = await PDFDocument.load(await renderInvoicePdf({ ...invoice, lines }));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });
});

describe('winAnsi', () => {
  it('keeps Latin-1 and the WinAnsi extras, replaces the rest', () => {
    expect(winAnsi('Grüße € – „x“\u202fy\n✓')).toBe('Grüße € – „x“ y ?');
  });
});
