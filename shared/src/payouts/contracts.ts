import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { booleanish, intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { isCalendarDate } from '../seller/dashboard.ts';

/**
 * Seller invoices (Gutschriften) and payouts (issue 12; 03 §2 /payout, §3 "Seller invoice", §4
 * "Seller invoice: Pending until its e-mail is sent, then Completed", §7 "Seller invoices", §8
 * "HTTP 422 on the seller invoice fetch: 'No Records found.'"). Money in integer cents. The figures
 * come from `payoutLedger()` (ledger.ts); nothing here is computed from client input.
 */

export const PAYOUT_TEXT = {
  title: 'Auszahlungsmanagment',
  /** 03 §8: a 422 on the invoice fetch. */
  noRecords: 'No Records found.',
  /** 03 §4 by email_sent. */
  statusPending: 'Pending',
  statusCompleted: 'Completed',
  sendInvoice: 'Rechnung senden',
  invoiceSent: 'Die Rechnung wurde an den Verkäufer gesendet.',
  markComplete: 'Zahlung abgeschlossen',
  markedComplete: 'Die Zahlung wurde als abgeschlossen markiert.',
  runPayout: 'Jetzt abrechnen',
  nothingToInvoice: 'Für diesen Verkäufer gibt es seit der letzten Abrechnung nichts abzurechnen.',
  runDone: 'Die Abrechnung wurde erstellt.',
  notDeletable:
    'Ausgestellte Gutschriften können nicht gelöscht werden (fortlaufende Nummern, Aufbewahrungspflicht). Eine Korrektur erfolgt mit der nächsten Abrechnung.',
  notCompletable: 'Diese Auszahlung wurde bereits über Stripe überwiesen oder ist schon abgeschlossen.',
  runBusy: 'Für diesen Verkäufer läuft gerade eine Abrechnung. Bitte versuche es gleich noch einmal.',
  downloadPdf: 'Gutschriften (PDF, ZIP)',
  downloadCsv: 'Gutschriften (CSV)',
  /** The invoice mail to the seller. */
  mailSubject: (invoiceNo: string) => `Ihre Gutschrift ${invoiceNo}`,
} as const;

/** Transfer states of an invoice's payout. */
export const TRANSFER_STATUSES = [
  /** Invoice issued, the Stripe transfer is (about to be) made by the run. */
  'pending',
  /** The Stripe transfer exists. */
  'paid',
  /** Nothing to transfer (payout 0: negative or zero balance). */
  'none',
  /** Issued without a Stripe transfer (payouts not enabled when an admin ran it): paid outside Stripe. */
  'manual',
  /** Stripe refused the transfer; the admin pays outside Stripe or the next run retries. */
  'failed',
  /** Marked complete by an admin (paid outside Stripe). */
  'completed',
] as const;
export const transferStatusSchema = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof transferStatusSchema>;

export const TRANSFER_STATUS_LABEL: Record<TransferStatus, string> = {
  pending: 'Überweisung läuft',
  paid: 'Überwiesen',
  none: 'Keine Auszahlung',
  manual: 'Manuell zu zahlen',
  failed: 'Überweisung fehlgeschlagen',
  completed: 'Manuell bezahlt',
};

/** A seller invoice as the API answers it (admin and the seller themself). */
export const sellerInvoiceSchema = z.object({
  id: z.string(),
  /** PR-<yyyy>-<000001>, gap-free per year. */
  invoice_no: z.string(),
  seller_id: z.string(),
  company_name: z.string(),
  /** Masked except the last 4 characters (03 §2). */
  iban: z.string(),
  period_start: z.nullable(z.string()),
  period_end: z.string(),
  issued_at: z.string(),
  line_count: z.number().check(z.int()),
  gross: z.number().check(z.int()),
  commission: z.number().check(z.int()),
  commission_vat: z.number().check(z.int()),
  processing_fees: z.number().check(z.int()),
  seller_net: z.number().check(z.int()),
  reversals: z.number().check(z.int()),
  adjustments: z.number().check(z.int()),
  carried_in: z.number().check(z.int()),
  carry_out: z.number().check(z.int()),
  payout: z.number().check(z.int()),
  /** 03 §4: Pending until the e-mail is sent, then Completed. */
  email_sent: z.boolean(),
  email_sent_at: z.nullable(z.string()),
  transfer_status: transferStatusSchema,
  stripe_transfer_id: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
  /** The payment is done (transferred or marked complete). */
  isCompleted: z.boolean(),
});
export type SellerInvoice = z.infer<typeof sellerInvoiceSchema>;

/** Vienna calendar day YYYY-MM-DD. */
const day = () =>
  z.string({ error: MSG.required }).check(
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate }),
    z.refine((text) => isCalendarDate(text), { error: MSG.invalidDate }),
  );
/** An optional day filter ('' = none). */
const optionalDay = () =>
  z.union([
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
    z.optional(day()),
  ]);

/** 'Bitte gib ein gültiges Datum ein' on `to` when the range ends before it starts (03 §5). */
const rangeOrder = <T extends { from?: string | undefined; to?: string | undefined }>(
  input: T,
  ctx: z.core.$RefinementCtx,
) => {
  if (input.from && input.to && input.from > input.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.invalidDate });
};

/** GET seller-invoice: admins see all (optionally one seller's), sellers only their own. */
export const sellerInvoiceListQuerySchema = z
  .object({
    page: z._default(intParam(1, 100000), 1),
    paginate: z._default(intParam(1, 100), 10),
    cursor: z.optional(z.string().check(z.maxLength(2000))),
    keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    from: optionalDay(),
    to: optionalDay(),
    seller_id: z.optional(z.string().check(z.maxLength(64))),
    status: z.optional(z.enum(['pending', 'completed'])),
  })
  .check(z.superRefine(rangeOrder));
export type SellerInvoiceListQuery = z.input<typeof sellerInvoiceListQuerySchema>;

export const sellerInvoicePageSchema = z.extend(pagedSchema(sellerInvoiceSchema), {
  next_cursor: z.nullable(z.string()),
});
export type SellerInvoicePage = z.infer<typeof sellerInvoicePageSchema>;

/** POST seller-invoice (admin): run the payout for one seller now ('Jetzt abrechnen'). */
export const runPayoutRequestSchema = z.object({
  seller_id: z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64)),
});
export type RunPayoutRequest = z.infer<typeof runPayoutRequestSchema>;

/** PUT seller-invoice/{id} (admin): mark the payment complete (paid outside Stripe). */
export const updateSellerInvoiceSchema = z.object({
  isCompleted: booleanish().check(z.refine((v) => v === true, { error: MSG.required })),
});
export type UpdateSellerInvoice = z.input<typeof updateSellerInvoiceSchema>;

/** POST seller-invoice/download-pdf-invoices, download-csv-invoices (admin; from/to required). */
export const sellerInvoiceExportSchema = z
  .object({
    from: day(),
    to: day(),
    seller_id: z.nullable(z.optional(z.string().check(z.maxLength(64)))),
    keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  })
  .check(z.superRefine(rangeOrder));
export type SellerInvoiceExport = z.input<typeof sellerInvoiceExportSchema>;

/** GET seller-invoice/commission-stats: sums over the invoices issued in the range (all when none). */
export const commissionStatsQuerySchema = z
  .object({ from: optionalDay(), to: optionalDay(), seller_id: z.optional(z.string().check(z.maxLength(64))) })
  .check(z.superRefine(rangeOrder));
export const commissionStatsSchema = z.object({
  invoice_count: z.number().check(z.int()),
  gross: z.number().check(z.int()),
  commission: z.number().check(z.int()),
  commission_vat: z.number().check(z.int()),
  processing_fees: z.number().check(z.int()),
  payout: z.number().check(z.int()),
  paid_out: z.number().check(z.int()),
  /** Invoices whose payment is not done yet (transfer pending, failed or manual). */
  open_payouts: z.number().check(z.int()),
});
export type CommissionStats = z.infer<typeof commissionStatsSchema>;

/** IBAN shown with all but the last 4 characters masked (03 §2). */
export function maskIban(iban: string | null | undefined): string {
  const clean = (iban ?? '').replace(/\s+/g, '');
  if (clean.length <= 4) return clean;
  return `${'•'.repeat(clean.length - 4)}${clean.slice(-4)}`;
}

/** The seller invoice number: PR-<yyyy>-<000001>. */
export const sellerInvoiceNo = (year: number, n: number) => `PR-${year}-${String(n).padStart(6, '0')}`;

/** The run period's end lies this far before "now", so every order completed up to it is written. */
export const PAYOUT_SETTLE_MS = 5 * 60_000;
