import { describe, expect, it } from 'vitest';
import { payoutLedger, sumPeriod } from '@gm/shared/payouts/ledger';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { sellerInvoiceKeys } from '../../repositories/seller-invoice-keys.ts';
import {
  renderSellerInvoicePdf,
  type SellerInvoicePdfLine,
  type SellerInvoicePdfSource,
} from './seller-invoice-pdf.ts';
import { sellerInvoicePdfBytes } from './seller-invoice-pdfs.ts';

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
