import { describe, expect, it } from 'vitest';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { sellerInvoiceKeys } from '../../repositories/seller-invoice-keys.ts';
import { renderSellerInvoicePdf, type SellerInvoicePdfSource } from './seller-invoice-pdf.ts';
import { sellerInvoicePdfBytes } from './seller-invoice-pdfs.ts';
import {
  testInvoiceFigures as figures,
  testInvoiceLines as lines,
  testSellerInvoice as invoice,
} from './test-seller-invoice.ts';

/** A private bucket of the given objects; records the keys read. */
function bucket(objects: Record<string, Uint8Array>) {
  const reads: string[] = [];
  return {
    reads,
    privateFileReader: {
      read: async (key: string) => {
        reads.push(key);
        return objects[key];
      },
    },
  };
}

const stored = (source: SellerInvoicePdfSource) => new TextEncoder().encode(JSON.stringify(source));

describe('sellerInvoicePdfBytes (issue 15: rendered where downloaded or mailed)', () => {
  it('renders the Gutschrift from what the payout run stored, the same bytes as rendering it at issue time, in one read', async () => {
    const sourceKey = sellerInvoiceKeys.pdfSource(invoice.pdf_key);
    expect(sourceKey).toBe('seller-invoices/2026/PR-2026-000007.json');
    const issued: SellerInvoiceRecord = { ...invoice, status: 'issued', pdf_source_key: sourceKey };
    const deps = bucket({ [sourceKey]: stored({ invoice, figures, lines }) });
    const atIssue = await renderSellerInvoicePdf(invoice, figures, lines);
    // Another second: nothing in the file depends on when it is rendered.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const pdf = await sellerInvoicePdfBytes(deps, issued);
    expect(Buffer.from(pdf!).equals(Buffer.from(atIssue))).toBe(true);
    expect(deps.reads).toEqual([sourceKey]);
  });

  it('serves the stored PDF of an invoice issued before as it is; a run resumed across the change falls back to its source', async () => {
    const legacy = new TextEncoder().encode('%PDF-1.7 stored');
    const old = bucket({ [invoice.pdf_key]: legacy });
    expect(await sellerInvoicePdfBytes(old, invoice)).toEqual(legacy);
    expect(old.reads).toEqual([invoice.pdf_key]);

    const resumed = bucket({ [sellerInvoiceKeys.pdfSource(invoice.pdf_key)]: stored({ invoice, figures, lines }) });
    const pdf = await sellerInvoicePdfBytes(resumed, invoice);
    expect(Buffer.from(pdf!.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await sellerInvoicePdfBytes(bucket({}), invoice)).toBeUndefined();
  });
});
