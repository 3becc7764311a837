import { reversedSellerShare } from '@gm/shared/payouts/ledger';
import { ADMIN_ORDER_TEXT, reversalRefund, type ReverseOrderResponse } from '@gm/shared/admin/orders';
import { viennaYear } from '@gm/shared/dates/vienna-range';
import { PaymentDeclinedError, PaymentProviderError } from '../../../adapters/stripe-payments.ts';
import type { Actor } from '../../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.ts';
import type { AdminOrderRecord } from '../../../repositories/order-admin-repository.ts';
import type { InvoiceRecord } from '../../../repositories/order-repository.ts';
import type { UserVoucherRecord } from '../../../repositories/user-voucher-repository.ts';
import type { Deps } from '../../deps.ts';
import { invoiceLines } from '../../orders/invoice-tax.ts';
import { buyerName } from './manage-orders.ts';

export type ReverseDeps = Pick<
  Deps,
  | 'orderAdmin'
  | 'userVouchers'
  | 'paymentRecords'
  | 'payments'
  | 'users'
  | 'orders'
  | 'audit'
  | 'mailQueue'
  | 'gifts'
  | 'clock'
  | 'newId'
  | 'log'
>;

/** Longer than one Lambda run (10 s, Stripe included): a crashed run's claim expires and the admin may retry. */
export const REVERSAL_LEASE_MS = 60_000;
/** The Stornorechnung mail's lease: a run that crashed before sending leaves it owed for the next call. */
export const CANCELLATION_MAIL_LEASE_MS = 60_000;
/** Claim attempts: each lost one means a redemption, a gift or a conflicting write went through meanwhile. */
const MAX_CLAIM_ROUNDS = 40;
const pause = (round: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** Math.min(round, 5))));
/** One transaction holds at most 100 items; the reversal needs 13 besides the vouchers. */
export const MAX_VOIDED_VOUCHERS = 85;

/** The Stripe idempotency key of an order's refund: one per order and refused attempt, so retries never refund twice. */
export const refundKey = (orderId: string, attempt: number) => `reverse-order-${orderId}-${attempt}`;

/** Face and remaining of a user voucher in its own unit: cents for value vouchers, units for product vouchers. */
function faceOf(uv: UserVoucherRecord): { face: number; remaining: number } {
  if (uv.type === 'value') {
    const face = (uv.value ?? 0) * uv.qty;
    return { face: face > 0 ? face : uv.remaining_value, remaining: uv.status === 'reversed' ? 0 : uv.remaining_value };
  }
  return { face: uv.qty, remaining: uv.status === 'reversed' ? 0 : uv.remaining_qty };
}

/**
 * POST order/reverse-order (03 §7, §4; data-model §4.4 step 3). The refund is the line's paid amount
 * (total_amount less its coupon discount) times the unredeemed share of its vouchers, rounded down
 * (shared/src/admin/orders.ts reversalRefund). Card and bank-redirect payments are refunded through
 * Stripe; direct sales and 0 € orders without. Exactly once: a claim on the order (lease) that in the
 * same transaction freezes the unredeemed vouchers (`reversing`: no redemption, transfer or revocation
 * can change what the refund was computed from), the Stripe idempotency key per order and refused
 * attempt, and the amount stored with the claim, so a retry after a crash between the refund and the
 * transaction replays the same refund against the same frozen vouchers. Stripe's refusal releases the
 * claim and the vouchers (order not reversed) and answers 422 with its message. While a gift of the
 * line is being issued the reversal is refused (422); once claimed, no gift unit can be issued.
 * The Stornorechnung mail is owed from the commit on: a failed mail is sent by the next call of this
 * endpoint for the reversed order (otherwise that call answers 422 'already reversed').
 */
export async function reverseOrder(
  deps: ReverseDeps,
  actor: Pick<Actor, 'userId'>,
  orderId: string,
): Promise<ReverseOrderResponse> {
  let order = await deps.orderAdmin.get(orderId);
  if (!order) throw new NotFoundError();
  if (order.status !== 'completed') throw ValidationError.field('id', ADMIN_ORDER_TEXT.notCompleted);
  if (order.reversed) return retryCancellationMail(deps, order);

  const paid = Math.max(0, order.total_amount - (order.discount ?? 0));
  const token = deps.newId();
  let claimed: AdminOrderRecord;
  let frozenIds: string[];
  let computedRefund: number;
  for (let round = 0; ; round++) {
    if (round > 0) {
      const again = await deps.orderAdmin.get(orderId);
      if (!again) throw new NotFoundError();
      if (again.reversed) throw ValidationError.field('id', ADMIN_ORDER_TEXT.alreadyReversed);
      if (again.status !== 'completed') throw ValidationError.field('id', ADMIN_ORDER_TEXT.notCompleted);
      order = again;
    }
    const now = deps.clock();
    const gift = await deps.gifts.get(order.id);
    if (gift?.state === 'issuing' && gift.lease_until >= now.toISOString())
      throw ValidationError.field('id', ADMIN_ORDER_TEXT.giftInProgress);
    // The invoice is numbered from the stream (issue 15) within seconds; the Stornorechnung names it.
    // The claim below answers the order as it is then, so a number given meanwhile is in it.
    if (!order.invoice_no && (await deps.orders.invoicesPending([order.id])).length > 0)
      throw ValidationError.field('id', ADMIN_ORDER_TEXT.invoicePending);
    // A gift's units are planned up front; a run that died may have issued some of them before finishing.
    const ids = [...new Set([...(order.user_voucher_ids ?? []), ...(gift?.user_voucher_ids ?? [])])];
    if (ids.length > MAX_VOIDED_VOUCHERS)
      throw ValidationError.field(
        'id',
        `Bestellungen mit mehr als ${MAX_VOIDED_VOUCHERS} Gutscheinen werden einzeln storniert.`,
      );
    const read = await Promise.all(ids.map((id) => deps.userVouchers.get(id)));
    const vouchers = read.filter((uv): uv is UserVoucherRecord => Boolean(uv));
    const computed = reversalRefund({ paid, vouchers: vouchers.map(faceOf) });
    if (computed.share <= 0) throw ValidationError.field('id', ADMIN_ORDER_TEXT.fullyRedeemed);
    const freeze = vouchers.filter((uv) => uv.status === 'active' || uv.status === 'reversing');
    const outcome = await deps.orderAdmin.claimReversal({
      orderId: order.id,
      token,
      now: now.toISOString(),
      until: new Date(now.getTime() + REVERSAL_LEASE_MS).toISOString(),
      refund: computed.refund,
      voucherCount: order.user_voucher_ids?.length ?? 0,
      gift: !gift
        ? { state: 'absent' }
        : gift.state === 'done'
          ? { state: 'done' }
          : { state: 'dead', claimToken: gift.claim_token },
      freeze,
      absentIds: ids.filter((_, i) => !read[i]),
    });
    if (outcome.outcome === 'claimed') {
      claimed = outcome.order;
      frozenIds = freeze.map((uv) => uv.id);
      computedRefund = computed.refund;
      break;
    }
    if (outcome.outcome === 'order') {
      const current = await deps.orderAdmin.get(order.id);
      if (!current) throw new NotFoundError();
      if (current.reversed) throw ValidationError.field('id', ADMIN_ORDER_TEXT.alreadyReversed);
      if (current.status !== 'completed') throw ValidationError.field('id', ADMIN_ORDER_TEXT.notCompleted);
      if (current.reversal_claim_until && current.reversal_claim_until >= deps.clock().toISOString())
        throw new ConflictError(ADMIN_ORDER_TEXT.reversalRunning);
    }
    // A redemption, a gift or the order's voucher list changed since the read: read again (each is progress).
    if (round >= MAX_CLAIM_ROUNDS) throw new ConflictError(ADMIN_ORDER_TEXT.reversalRunning);
    await pause(round);
  }
  order = claimed;
  // An earlier run that died after its claim stored the amount it refunded (or was about to): the same again.
  const refund = typeof claimed.reversal_refund === 'number' ? claimed.reversal_refund : computedRefund;
  const attempt = claimed.reversal_attempt ?? 0;

  let refundId: string | null = null;
  try {
    const payment = order.payment_id ? await deps.paymentRecords.get(order.payment_id) : undefined;
    const throughStripe =
      refund > 0 && (order.p_type === 'stripe' || order.p_type === 'bank') && payment?.stripe_payment_intent_id;
    if (throughStripe) {
      const done = await deps.payments.refund(payment.stripe_payment_intent_id!, refundKey(order.id, attempt), refund);
      refundId = done.id;
    }
  } catch (error) {
    // Refused = Stripe answered that it will not refund (nothing happened): a 4xx other than a conflict,
    // rate limit or idempotency clash. Anything else may have refunded: the key, the amount and the
    // frozen vouchers stay (the next call resumes with them).
    const refused =
      error instanceof PaymentProviderError
        ? error.statusCode !== undefined &&
          [400, 402, 404].includes(error.statusCode) &&
          !/idempoten/i.test(error.message)
        : error instanceof PaymentDeclinedError || error instanceof NotFoundError;
    await deps.orderAdmin.releaseReversal(order.id, token, refused, frozenIds);
    if (refused) {
      const message =
        error instanceof PaymentProviderError ? error.message.replace(/^Stripe: /, '') : (error as Error).message;
      throw ValidationError.field('id', ADMIN_ORDER_TEXT.refundRefused(message));
    }
    throw error;
  }

  // One transaction: order reversed, vouchers voided, cancellation invoice, stats, audit, adjustment.
  const original = order.invoice_no ? await deps.orders.getInvoice(order.invoice_no) : undefined;
  const buyer = order.user_id && !order.guest ? await deps.users.get(order.user_id) : undefined;
  const at = deps.clock().toISOString();
  const mailLeaseUntil = new Date(Date.parse(at) + CANCELLATION_MAIL_LEASE_MS).toISOString();
  const invoice = cancellationInvoice(
    order,
    original,
    buyer ? { name: buyerName(order, buyer), email: buyer.email } : undefined,
    refund,
    at,
  );
  // The same rounding as the payout run (shared ledger), stored on the order for it.
  const reversedSellerNet = reversedSellerShare({ seller_net: order.seller_net ?? 0, paid, refund });
  let outcome;
  for (let round = 0; ; round++) {
    outcome = await deps.orderAdmin.reverse({
      order,
      claimToken: token,
      at,
      year: viennaYear(new Date(at)),
      refund,
      refundId,
      reversedSellerNet,
      voidIds: frozenIds,
      mailLeaseUntil,
      invoice,
      audit: deps.audit.part({
        id: deps.newId(),
        action: 'reverse_order',
        actor_id: actor.userId,
        target_id: order.seller_id,
        details: {
          order_id: order.id,
          order_no: order.order_no,
          buyer_user_id: order.user_id ?? null,
          refund,
          refund_id: refundId,
          seller_invoice_id: order.seller_invoice_id ?? null,
        },
        at,
      }),
    });
    if (outcome.outcome !== 'changed') break;
    // The order's voucher list changed (a dead gift run finished its bookkeeping; its units are frozen): read again.
    if (round >= 5) throw new ConflictError(ADMIN_ORDER_TEXT.reversalRunning);
    order = (await deps.orderAdmin.get(order.id)) ?? order;
  }
  if (outcome.outcome === 'already_reversed') throw ValidationError.field('id', ADMIN_ORDER_TEXT.alreadyReversed);
  if (outcome.outcome === 'claim_lost') throw new ConflictError(ADMIN_ORDER_TEXT.reversalRunning);

  const number = outcome.cancellationInvoiceNo;
  try {
    await mailCancellation(deps, order);
    await deps.orderAdmin.markCancellationMailSent(order.id, deps.clock().toISOString());
  } catch (error) {
    // Owed: the next reverse-order call for this order sends it (retryCancellationMail).
    await deps.orderAdmin.releaseCancellationMail(order.id, mailLeaseUntil).catch(() => undefined);
    deps.log.error('cancellation mail failed', { orderId: order.id, error });
  }
  return {
    message: ADMIN_ORDER_TEXT.reversedDone,
    data: { id: order.id, reversed: true, refunded: refund, refund_id: refundId, cancellation_invoice_no: number },
  };
}

/**
 * A reverse-order call for an order that is reversed already: sends the Stornorechnung mail if it is
 * still owed (the reversal's mail failed) under a lease, else answers 422 'already reversed'.
 */
async function retryCancellationMail(deps: ReverseDeps, order: AdminOrderRecord): Promise<ReverseOrderResponse> {
  const invoiceNo = order.cancellation_invoice_no;
  if (order.cancellation_mail_sent_at || !invoiceNo)
    throw ValidationError.field('id', ADMIN_ORDER_TEXT.alreadyReversed);
  const now = deps.clock();
  const until = new Date(now.getTime() + CANCELLATION_MAIL_LEASE_MS).toISOString();
  if (!(await deps.orderAdmin.claimCancellationMail(order.id, now.toISOString(), until)))
    throw ValidationError.field('id', ADMIN_ORDER_TEXT.alreadyReversed);
  const invoice = await deps.orders.getInvoice(invoiceNo);
  const refund = order.refunded_amount ?? (invoice ? -invoice.gross : 0);
  try {
    if (!invoice) throw new Error(`cancellation invoice ${invoiceNo} missing`);
    await mailCancellation(deps, order);
  } catch (error) {
    await deps.orderAdmin.releaseCancellationMail(order.id, until).catch(() => undefined);
    deps.log.error('cancellation mail failed', { orderId: order.id, error });
    throw ValidationError.field('id', ADMIN_ORDER_TEXT.cancellationMailFailed);
  }
  await deps.orderAdmin.markCancellationMailSent(order.id, deps.clock().toISOString());
  return {
    message: ADMIN_ORDER_TEXT.cancellationMailSent,
    data: {
      id: order.id,
      reversed: true,
      refunded: refund,
      refund_id: order.refund_id ?? null,
      cancellation_invoice_no: invoiceNo,
    },
  };
}

/**
 * The Stornorechnung: the original's supplier and recipient, one line per tax rate of the refunded
 * amount (negative), `cancels` = the original invoice number.
 */
export function cancellationInvoice(
  order: AdminOrderRecord,
  original: InvoiceRecord | undefined,
  buyer: { name: string; email: string } | undefined,
  refund: number,
  at: string,
): Omit<InvoiceRecord, 'invoice_no'> & { cancels: string | null } {
  const taxed = invoiceLines({
    title: `Storno: ${order.voucher.title}`,
    qty: order.qty,
    amount: refund,
    discount: 0,
    tax: order.voucher.tax,
  });
  const lines = taxed.lines.map((l) => ({ ...l, unit: -l.unit, net: -l.net, tax: -l.tax, gross: -l.gross }));
  const tax = lines.reduce((sum, l) => sum + l.tax, 0);
  return {
    order_id: order.id,
    order_no: order.order_no ?? '',
    seller_id: order.seller_id,
    seller: original?.seller ?? {
      name: order.voucher.seller?.company?.name ?? order.voucher.seller?.username ?? '',
      address: null,
      vat_number: null,
    },
    buyer: original?.buyer ??
      buyer ?? {
        name: order.guest ? `${order.guest.first_name} ${order.guest.last_name}` : '',
        email: order.guest?.email ?? '',
      },
    buyer_user_id: order.guest ? null : (order.user_id ?? null),
    lines,
    discount: 0,
    multi_purpose: taxed.multiPurpose,
    gross: -refund,
    tax,
    net: -refund - tax,
    cancels: order.invoice_no ?? null,
    issued_at: at,
  };
}

/**
 * Hands the Stornorechnung mail to the mail worker (job `cancellation`): the worker renders the PDF
 * from the stored invoice (cancellation-mail.ts), so this Stripe Lambda carries no PDF code (issue 15).
 * Owed from the reversal's commit until enqueued (`cancellation_mail_sent_at`).
 */
async function mailCancellation(deps: Pick<ReverseDeps, 'mailQueue'>, order: AdminOrderRecord): Promise<void> {
  await deps.mailQueue.enqueue({ kind: 'cancellation', orderId: order.id });
}
