import { EMPTY_PAYOUT_STATE, type PayoutFigures, type PayoutState } from '@gm/shared/payouts/ledger';
import { maskIban, type SellerInvoice, type TransferStatus } from '@gm/shared/payouts/contracts';
import { withoutKeys } from './item-keys.ts';

/**
 * Keys and the stored shape of seller invoices (Gutschriften) and of each seller's payout state
 * (issue 12; docs/data-model.md §4.8). Shared by the payout run (payout-run-repository.ts, the only
 * writer of invoices and state) and the read/admin side (seller-invoice-repository.ts).
 *
 * - `SELLER_INVOICE#<id>` / `SELLER_INVOICE`; GSI keys are written only when the invoice is issued
 *   (a `building` invoice of a run that crashed is invisible to every list):
 *   GSI1 `SELLER#<sellerId>#SELLER_INVOICES` / `<issued_at>#<id>` (a seller's own, newest first),
 *   GSI2 `SELLER_INVOICES` / `<issued_at>#<id>` (/payout, exports, commission stats by range),
 *   GSI3 `SELLER_INVOICES#pending|completed` / `<issued_at>#<id>` (by `email_sent`, 03 §4).
 * - `SELLER#<sellerId>#PAYOUTS` / `STATE`: the run's running totals (`PayoutState`), the period
 *   cursor and the lock of an unfinished run (`open_invoice_id`).
 * - The PDF: private bucket `seller-invoices/<yyyy>/<invoice_no>.pdf` (written before the invoice
 *   is issued, so every issued invoice has its PDF).
 */
export const sellerInvoiceKeys = {
  item: (id: string) => ({ PK: `SELLER_INVOICE#${id}`, SK: 'SELLER_INVOICE' }),
  sellerIndex: (sellerId: string) => `SELLER#${sellerId}#SELLER_INVOICES`,
  allIndex: 'SELLER_INVOICES',
  statusIndex: (emailSent: boolean) => `SELLER_INVOICES#${emailSent ? 'completed' : 'pending'}`,
  sortKey: (issuedAt: string, id: string) => `${issuedAt}#${id}`,
  state: (sellerId: string) => ({ PK: `SELLER#${sellerId}#PAYOUTS`, SK: 'STATE' }),
  pdf: (invoiceNo: string, issuedAt: string) => `seller-invoices/${issuedAt.slice(0, 4)}/${invoiceNo}.pdf`,
  /** What the PDF is rendered from (issue 15: the payout run, a Stripe Lambda, stores it; readers render). */
  pdfSource: (pdfKey: string) => pdfKey.replace(/\.pdf$/, '.json'),
  counter: (year: number) => ({ PK: `COUNTER#SELLER_INVOICE#${year}`, SK: 'COUNTER' }),
};

/** The stored invoice (money in cents; `iban` unmasked — masked only in the API answer). */
export type SellerInvoiceRecord = PayoutFigures & {
  id: string;
  invoice_no: string;
  seller_id: string;
  company_name: string;
  /** Snapshots at issue time, for the PDF and the transfer. */
  company_address: string | null;
  seller_email: string | null;
  iban: string;
  bic: string | null;
  /** `building` while the run marks the orders; `issued` once the figures are final. */
  status: 'building' | 'issued';
  /** Exclusive start (null = since the beginning), inclusive end (ISO). */
  period_start: string | null;
  period_end: string;
  issued_at: string;
  /** Who started it: the schedule or an admin (user id). */
  created_by: 'schedule' | string;
  email_sent: boolean;
  email_sent_at: string | null;
  transfer_status: TransferStatus;
  stripe_transfer_id: string | null;
  paid_at: string | null;
  pdf_key: string;
  /**
   * Where the payout run stored what the PDF shows (issue 15): the PDF is rendered from it where it is
   * downloaded or mailed, and nothing is stored at `pdf_key`. Absent on invoices issued before.
   */
  pdf_source_key?: string;
  /** Lower-case company name and invoice number, for the /payout search. */
  search_text: string;
};

/** Payment done: transferred by Stripe, or marked complete by an admin. */
export const isPaymentComplete = (status: TransferStatus) =>
  status === 'paid' || status === 'completed' || status === 'none';

/** The API view (IBAN masked; 03 §2). */
export function toSellerInvoice(record: SellerInvoiceRecord): SellerInvoice {
  return {
    id: record.id,
    invoice_no: record.invoice_no,
    seller_id: record.seller_id,
    company_name: record.company_name,
    iban: maskIban(record.iban),
    period_start: record.period_start,
    period_end: record.period_end,
    issued_at: record.issued_at,
    line_count: record.line_count,
    gross: record.gross,
    commission: record.commission,
    commission_vat: record.commission_vat,
    processing_fees: record.processing_fees,
    seller_net: record.seller_net,
    reversals: record.reversals,
    adjustments: record.adjustments,
    carried_in: record.carried_in,
    carry_out: record.carry_out,
    payout: record.payout,
    email_sent: record.email_sent,
    email_sent_at: record.email_sent_at,
    transfer_status: record.transfer_status,
    stripe_transfer_id: record.stripe_transfer_id,
    paid_at: record.paid_at,
    isCompleted: isPaymentComplete(record.transfer_status),
  };
}

/** A stored item without its keys as a record. */
export function toSellerInvoiceRecord(item: Record<string, unknown>): SellerInvoiceRecord {
  return withoutKeys(item) as SellerInvoiceRecord;
}

/** The stored state item (or none) as a PayoutState. */
export function toPayoutState(item: Record<string, unknown> | undefined): PayoutState {
  const out: PayoutState = { ...EMPTY_PAYOUT_STATE };
  if (!item) return out;
  for (const key of Object.keys(EMPTY_PAYOUT_STATE) as (keyof PayoutState)[]) {
    const value = item[key];
    if (key === 'last_period_end' || key === 'last_payout_at') out[key] = typeof value === 'string' ? value : null;
    else if (typeof value === 'number') out[key] = value;
  }
  return out;
}
