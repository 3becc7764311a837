import { viennaYear } from '@gm/shared/dates/vienna-range';
import {
  payoutLedger,
  payoutSchedule,
  reversedSellerShare,
  sumPeriod,
  type LedgerLine,
  type PayoutFigures,
} from '@gm/shared/payouts/ledger';
import { PAYOUT_SETTLE_MS, type TransferStatus } from '@gm/shared/payouts/contracts';
import { effectiveSettings } from '@gm/shared/settings/contracts';
import { PaymentProviderError } from '../../adapters/stripe-payments.ts';
import type { MarkedOrder, PayoutRunState } from '../../repositories/payout-run-repository.ts';
import { sellerInvoiceKeys, type SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import type { Deps } from '../deps.ts';
import type { SellerInvoicePdfLine, SellerInvoicePdfSource } from './seller-invoice-pdf.ts';

/**
 * The payout run (issue 12 "Scheduled payouts"; docs/data-model.md §4.8). Per seller and period it
 * invoices every completed order not invoiced yet and every open adjustment in a Gutschrift with a
 * gap-free number, and transfers the payout to the seller's Stripe connected account. The figures
 * come from THE ledger (`payoutLedger`), the same function the dashboard uses.
 *
 * Crash safety: each step is a conditional write that a rerun either repeats harmlessly or finds
 * done. `open_invoice_id` on `SELLER#<id>#PAYOUTS/STATE` points at the invoice a run has claimed; a
 * later run resumes it at the step it reached. The period cursor moves in the claim, so no period is
 * skipped or invoiced twice; the transfer is looked up by `transfer_group` = invoice id before it is
 * made (and made with an idempotency key per seller and period), so it is made once.
 */

/** Where a test makes the run die (between two steps). */
export type PayoutCrashPoint = 'after_claim' | 'mid_marking' | 'after_pdf' | 'after_finalize' | 'after_transfer';

export type PayoutRunDeps = Pick<
  Deps,
  | 'payoutRuns'
  | 'payoutAccounts'
  | 'companies'
  | 'users'
  | 'settings'
  | 'payments'
  | 'documents'
  | 'clock'
  | 'newId'
  | 'log'
  | 'metrics'
> & {
  /** Tests only: called between the steps; throwing there is a crash. */
  payoutCrashAt?: (point: PayoutCrashPoint) => void | Promise<void>;
};

export type SellerRunOutcome =
  { outcome: 'invoiced'; invoice: SellerInvoiceRecord } | { outcome: 'nothing' } | { outcome: 'busy' };

/** A run holds a seller this long; a run that died is taken over after it. */
export const PAYOUT_RUN_LEASE_MS = 5 * 60_000;

const isRefusal = (error: unknown) =>
  error instanceof PaymentProviderError &&
  error.statusCode !== undefined &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 409 &&
  error.statusCode !== 429 &&
  !/idempoten/i.test(error.message);

/**
 * Runs (or resumes) the payout of one seller now. `createdBy`: 'schedule' or the admin's id.
 * `busy`: another live run holds the seller; `nothing`: no order and no adjustment since the last
 * invoice (the cursor moved, no number was drawn).
 */
export async function runSellerPayout(
  deps: PayoutRunDeps,
  sellerId: string,
  createdBy: 'schedule' | string,
): Promise<SellerRunOutcome> {
  const now = deps.clock();
  const lease = { token: deps.newId(), until: new Date(now.getTime() + PAYOUT_RUN_LEASE_MS).toISOString() };
  const state = await deps.payoutRuns.getState(sellerId);
  try {
    if (state.open_invoice_id) {
      if (!(await deps.payoutRuns.takeLease(sellerId, state.open_invoice_id, lease, now.toISOString())))
        return { outcome: 'busy' };
      const open = await deps.payoutRuns.getInvoice(state.open_invoice_id);
      if (!open) throw new Error(`open seller invoice ${state.open_invoice_id} of ${sellerId} is missing`);
      return { outcome: 'invoiced', invoice: await complete(deps, open) };
    }
    const claimed = await claim(deps, sellerId, state, now, lease, createdBy);
    if (claimed.outcome !== 'claimed') return claimed;
    await deps.payoutCrashAt?.('after_claim');
    return { outcome: 'invoiced', invoice: await complete(deps, claimed.invoice) };
  } catch (error) {
    // Still alive (an outage, a bug): give the lease back so a retry can resume at once. A run that
    // really died leaves it; the next run takes over once it expired.
    if (!(error instanceof SimulatedCrash)) await deps.payoutRuns.releaseLease(sellerId, lease.token).catch(() => {});
    throw error;
  }
}

/** Thrown by a test's crash hook: the run must not clean up after it (a real crash would not). */
export class SimulatedCrash extends Error {
  constructor(readonly point: PayoutCrashPoint) {
    super(`simulated crash at ${point}`);
    this.name = 'SimulatedCrash';
  }
}

async function claim(
  deps: PayoutRunDeps,
  sellerId: string,
  state: PayoutRunState,
  now: Date,
  lease: { token: string; until: string },
  createdBy: string,
): Promise<{ outcome: 'claimed'; invoice: SellerInvoiceRecord } | { outcome: 'nothing' } | { outcome: 'busy' }> {
  const start = state.last_period_end;
  const end = new Date(now.getTime() - PAYOUT_SETTLE_MS).toISOString();
  if (start && end <= start) return { outcome: 'nothing' };
  const [orders, adjustments] = await Promise.all([
    deps.payoutRuns.ordersInPeriod(sellerId, start, end),
    deps.payoutRuns.adjustmentsFor(sellerId, null),
  ]);
  // A carried negative balance alone is nothing to invoice: it waits for the next sale.
  if (!orders.some((order) => !order.seller_invoice_id) && adjustments.length === 0) {
    await deps.payoutRuns.advanceIdle(sellerId, start, end, now.toISOString());
    return { outcome: 'nothing' };
  }
  const [account, company, profile] = await Promise.all([
    deps.payoutAccounts.get(sellerId),
    deps.companies.getBySeller(sellerId),
    deps.users.get(sellerId),
  ]);
  const issuedAt = now.toISOString();
  const id = deps.newId();
  // The company's business address, else the profile's (as on the customer invoices' supplier).
  const from = company?.address ? company : profile;
  const place = [from?.zip_code, from?.city].filter(Boolean).join(' ');
  const address = [from?.address, place].filter(Boolean).join(', ') || null;
  const companyName = company?.name ?? account?.account_holder ?? profile?.username ?? '';
  const outcome = await deps.payoutRuns.claim(
    {
      id,
      year: Number(viennaYear(now)),
      seller_id: sellerId,
      company_name: companyName,
      company_address: address,
      seller_email: profile?.email ?? null,
      iban: account?.iban ?? '',
      bic: account?.bic ?? null,
      status: 'building',
      period_start: start,
      period_end: end,
      issued_at: issuedAt,
      created_by: createdBy,
      email_sent: false,
      email_sent_at: null,
      // Decided when the invoice is issued (finalize); a building invoice is in no list.
      transfer_status: 'pending',
      stripe_transfer_id: null,
      paid_at: null,
      line_count: 0,
      gross: 0,
      commission: 0,
      processing_fees: 0,
      seller_net: 0,
      reversals: 0,
      adjustments: 0,
      carried_in: Math.min(0, state.carry_forward),
      commission_vat: 0,
      balance: 0,
      payout: 0,
      carry_out: 0,
    },
    start,
    lease,
  );
  return outcome;
}

/** The order's share of its refund: as the reversal stored it, else computed the same way. */
function reversedShare(order: MarkedOrder): number {
  if (typeof order.reversed_seller_net === 'number') return order.reversed_seller_net;
  return reversedSellerShare({
    seller_net: order.seller_net ?? 0,
    paid: Math.max(0, order.total_amount - (order.discount ?? 0)),
    refund: order.refunded_amount ?? 0,
  });
}

/** Resumes an invoice at the step it reached: building → marked, PDF, finalized → transferred. */
async function complete(deps: PayoutRunDeps, stored: SellerInvoiceRecord): Promise<SellerInvoiceRecord> {
  let invoice = stored;
  if (invoice.status === 'building') {
    const { figures, lines } = await markAndSum(deps, invoice);
    // What the Gutschrift PDF shows, frozen now; it is rendered where it is downloaded or mailed
    // (seller-invoice-pdfs.ts), so this Lambda, which carries Stripe, carries no PDF code (issue 15).
    const source: SellerInvoicePdfSource = { invoice, figures, lines };
    await deps.documents.put(
      invoice.pdf_source_key ?? sellerInvoiceKeys.pdfSource(invoice.pdf_key),
      new TextEncoder().encode(JSON.stringify(source)),
      'application/json',
    );
    await deps.payoutCrashAt?.('after_pdf');
    const account = await deps.payoutAccounts.get(invoice.seller_id);
    const transferStatus: TransferStatus =
      figures.payout <= 0 ? 'none' : account?.payouts_enabled && account.stripe_account_id ? 'pending' : 'manual';
    await deps.payoutRuns.finalize(invoice, figures, transferStatus);
    await deps.payoutCrashAt?.('after_finalize');
    invoice = (await deps.payoutRuns.getInvoice(invoice.id)) ?? invoice;
    if (invoice.status !== 'issued') throw new Error(`seller invoice ${invoice.id} could not be issued (lock lost)`);
  }
  if (invoice.status === 'issued' && invoice.transfer_status === 'pending') return transfer(deps, invoice);
  // Issued and nothing to transfer: the lock should be gone already (finalize removed it).
  await deps.payoutRuns.releaseLock(invoice.seller_id, invoice.id);
  return invoice;
}

/** Marks the period's orders and settles the open adjustments into the invoice; answers the figures. */
async function markAndSum(
  deps: PayoutRunDeps,
  invoice: SellerInvoiceRecord,
): Promise<{ figures: PayoutFigures; lines: SellerInvoicePdfLine[] }> {
  const candidates = await deps.payoutRuns.ordersInPeriod(invoice.seller_id, invoice.period_start, invoice.period_end);
  const lines: SellerInvoicePdfLine[] = [];
  let marked = 0;
  for (const candidate of candidates) {
    if (candidate.seller_invoice_id && candidate.seller_invoice_id !== invoice.id) continue;
    const result = await deps.payoutRuns.markOrder(candidate.id, invoice.id, reversedShare);
    if (result.outcome !== 'marked') continue;
    const order = result.order;
    lines.push({
      order_no: order.order_no,
      completed_at: order.completed_at,
      gross: Math.max(0, order.total_amount - (order.discount ?? 0)),
      commission: order.commission ?? 0,
      processing_fee: order.processing_fee ?? 0,
      seller_net: order.seller_net ?? 0,
      reversed_share: order.invoiced_reversed_share ?? 0,
    });
    if (++marked === 1) await deps.payoutCrashAt?.('mid_marking');
  }
  const adjustments: number[] = [];
  for (const open of await deps.payoutRuns.adjustmentsFor(invoice.seller_id, invoice.id)) {
    const settled = await deps.payoutRuns.settleAdjustment(
      invoice.seller_id,
      open.order_id,
      invoice.id,
      deps.clock().toISOString(),
    );
    if (settled) adjustments.push(settled.seller_net);
  }
  const ledgerLines: LedgerLine[] = lines.map((line) => ({
    gross: line.gross,
    commission: line.commission,
    processing_fee: line.processing_fee,
    seller_net: line.seller_net,
    reversed_share: line.reversed_share,
  }));
  return { figures: payoutLedger(sumPeriod(ledgerLines, adjustments, invoice.carried_in)), lines };
}

/** The Stripe transfer of a `pending` invoice: found by its transfer group, else made once; then recorded. */
async function transfer(deps: PayoutRunDeps, invoice: SellerInvoiceRecord): Promise<SellerInvoiceRecord> {
  const account = await deps.payoutAccounts.get(invoice.seller_id);
  const at = () => deps.clock().toISOString();
  let transferId: string;
  try {
    const existing = await deps.payments.findTransferByGroup(invoice.id);
    if (existing) transferId = existing.id;
    else {
      if (!account?.stripe_account_id)
        throw new PaymentProviderError('Stripe: no connected account', undefined, 400, undefined);
      const made = await deps.payments.createTransfer({
        amountCents: invoice.payout,
        destinationAccountId: account.stripe_account_id,
        transferGroup: invoice.id,
        idempotencyKey: `payout-${invoice.seller_id}-${invoice.period_end}`,
        metadata: { seller_id: invoice.seller_id, invoice_id: invoice.id, invoice_no: invoice.invoice_no },
      });
      transferId = made.id;
    }
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // Stripe refused (no balance, account not able to receive): the invoice stays issued, its payment
    // is the admin's (mark complete); the lock goes so the next period can be invoiced.
    await deps.payoutRuns.recordTransferFailed(invoice, (error as Error).message.replace(/^Stripe: /, ''), at());
    deps.log.error('payout transfer refused', {
      sellerId: invoice.seller_id,
      invoiceNo: invoice.invoice_no,
      error: (error as Error).message,
    });
    deps.metrics.count('PayoutsFailed');
    return (await deps.payoutRuns.getInvoice(invoice.id)) ?? invoice;
  }
  await deps.payoutCrashAt?.('after_transfer');
  await deps.payoutRuns.recordTransfer(invoice, transferId, at());
  deps.metrics.count('PayoutsSucceeded');
  return (await deps.payoutRuns.getInvoice(invoice.id)) ?? invoice;
}

export type ScheduledPayoutRun = {
  sellers: number;
  invoiced: number;
  paid: number;
  nothing: number;
  not_due: number;
  not_enabled: number;
  busy: number;
  failed: number;
};

/**
 * The daily run: every seller whose schedule is due (`payoutSchedule` from the last payout, else
 * the registration; the seller's `payout_schedule` over the global one). Sellers without payouts
 * enabled are skipped (they accumulate and are paid on the first due run after onboarding), except
 * that an invoice an earlier run left open is always resumed. One seller's failure does not stop the
 * others; the caller fails the invocation when any failed (retry, then the dead-letter queue).
 */
export async function runScheduledPayouts(deps: PayoutRunDeps, now: Date = deps.clock()): Promise<ScheduledPayoutRun> {
  const run: ScheduledPayoutRun = {
    sellers: 0,
    invoiced: 0,
    paid: 0,
    nothing: 0,
    not_due: 0,
    not_enabled: 0,
    busy: 0,
    failed: 0,
  };
  const global = await deps.settings.getGlobal();
  const runDeps: PayoutRunDeps = { ...deps, clock: () => now };
  for (const seller of await deps.payoutRuns.sellers()) {
    run.sellers++;
    try {
      const state = await deps.payoutRuns.getState(seller.id);
      if (!state.open_invoice_id) {
        const account = await deps.payoutAccounts.get(seller.id);
        if (!account?.payouts_enabled || !account.stripe_account_id) {
          run.not_enabled++;
          continue;
        }
        const { seller: own } = await deps.settings.getForSeller(seller.id);
        const every = effectiveSettings(global, own).payout_schedule;
        if (!payoutSchedule(state.last_payout_at ?? seller.created_at, every, now).due) {
          run.not_due++;
          continue;
        }
      }
      const result = await runSellerPayout(runDeps, seller.id, 'schedule');
      if (result.outcome === 'busy') run.busy++;
      else if (result.outcome === 'nothing') run.nothing++;
      else {
        run.invoiced++;
        if (result.invoice.transfer_status === 'paid') run.paid++;
      }
    } catch (error) {
      run.failed++;
      deps.log.error('payout run failed', { sellerId: seller.id, error });
      deps.metrics.count('PayoutsFailed');
    }
  }
  return run;
}
