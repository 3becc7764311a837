import { payoutLedger, sumPeriod } from '@gm/shared/payouts/ledger';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import type { SellerInvoicePdfLine } from './seller-invoice-pdf.ts';

/** One Gutschrift of the unit tests (two orders, one reversed, a carried amount): its lines, figures and record. */
export const testInvoiceLines: SellerInvoicePdfLine[] = [
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
export const testInvoiceFigures = payoutLedger(sumPeriod(testInvoiceLines, [-1000], -300));
export const testSellerInvoice: SellerInvoiceRecord = {
  ...testInvoiceFigures,
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
