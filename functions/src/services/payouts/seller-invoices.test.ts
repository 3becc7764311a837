import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../lib/errors.ts';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { dayBounds, invoiceScope, sellerInvoiceCsvRow, sellerInvoiceMailText } from './seller-invoices.ts';

const INVOICE = {
  id: 'i-1',
  invoice_no: 'PR-2026-000042',
  seller_id: 's-1',
  company_name: 'Alpenhof GmbH',
  company_address: null,
  seller_email: null,
  iban: 'AT611904300234573201',
  bic: null,
  status: 'issued',
  period_start: '2026-10-31T22:55:00.000Z',
  period_end: '2026-11-25T22:55:00.000Z',
  issued_at: '2026-11-26T09:00:00.000Z',
  created_by: 'schedule',
  email_sent: true,
  email_sent_at: null,
  transfer_status: 'failed',
  stripe_transfer_id: null,
  paid_at: null,
  pdf_key: 'seller-invoices/2026/PR-2026-000042.pdf',
  search_text: 'alpenhof gmbh pr-2026-000042',
  line_count: 2,
  gross: 123456,
  commission: 12345,
  commission_vat: 2469,
  processing_fees: 99,
  seller_net: 111012,
  reversals: 500,
  adjustments: 250,
  carried_in: 0,
  balance: 107793,
  payout: 107793,
  carry_out: 0,
} satisfies SellerInvoiceRecord;

describe('seller invoices (pure parts)', () => {
  it('scopes a seller to themself whatever seller_id says; an admin to any or all', () => {
    expect(invoiceScope({ role: 'seller', userId: 's-1' }, 's-2')).toBe('s-1');
    expect(invoiceScope({ role: 'admin', userId: 'a-1' }, 's-2')).toBe('s-2');
    expect(invoiceScope({ role: 'admin', userId: 'a-1' }, '')).toBeUndefined();
    expect(() => invoiceScope({ role: 'user', userId: 'u-1' }, undefined)).toThrow(ForbiddenError);
  });

  it('bounds Vienna days in UTC (winter: UTC+1)', () => {
    expect(dayBounds('2026-11-26', '2026-11-26')).toEqual({
      start: '2026-11-25T23:00:00.000Z',
      end: '2026-11-26T22:59:59.999Z',
    });
    expect(dayBounds(undefined, undefined)).toEqual({});
  });

  it('writes a CSV row: masked IBAN, 12,34 money, DD-MM-YYYY dates, German transfer label', () => {
    expect(sellerInvoiceCsvRow(INVOICE)).toEqual([
      'PR-2026-000042',
      '26-11-2026',
      '31-10-2026 – 25-11-2026',
      'Alpenhof GmbH',
      '••••••••••••••••3201',
      '1234,56',
      '123,45',
      '24,69',
      '0,99',
      '7,50',
      '1077,93',
      'Completed',
      'Überweisung fehlgeschlagen',
    ]);
  });

  it('mails the period, the payout and the masked IBAN in German', () => {
    const text = sellerInvoiceMailText(INVOICE);
    expect(text).toContain('Gutschrift PR-2026-000042 für den Abrechnungszeitraum 31-10-2026 – 25-11-2026');
    expect(text).toMatch(/Auszahlungsbetrag: 1\.077,93\s€/);
    expect(text).toContain('••••••••••••••••3201');
    expect(text).not.toContain('AT611904300234573201');
  });
});
