import type Stripe from 'stripe';
import { viennaYear } from '@gm/shared/dates/vienna-range';
import { commissionFor, feeBase } from '@gm/shared/orders/pricing';
import { effectiveSettings, type Settings } from '@gm/shared/settings/contracts';
import {
  orderKeys,
  type InvoiceRecord,
  type NewInvoice,
  type OrderOwner,
} from '../../repositories/order-repository.ts';
import type { PaymentRecord } from '../../repositories/payment-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { invoiceLines } from './invoice-tax.ts';
import { newUserVoucher } from './new-user-voucher.ts';
import { notifySellersOfPayment } from '../seller-mails/sale-notice.ts';

/**
 * Order completion (data-model §4.4), the consumer of the signed `payment_intent.succeeded` webhook:
 * the only place vouchers are issued. Each paid line completes in ONE transaction (line pending →
 * completed with its order number and frozen fees, the invoice, the user voucher and its `CODE#`;
 * the sale's counters follow from the stream, issue 15); the line's `#status = :pending` condition makes each line complete at most once, so a
 * re-delivered event, a concurrent duplicate or a re-run after a crash half-way never issues a
 * second voucher and finishes what is left. Then one last transaction marks the Payment
 * `completed_at` (once) together with the coupon use. The confirmation mail is the mail worker's
 * job (`order-confirmation`, confirmation-mail.ts: PDFs are rendered there, never in this Stripe
 * Lambda): every run that finds the mail owed (`mail_sent_at` unset) enqueues it, and the worker sends
 * it once per payment under a lease on the Payment. Lines another payment already completed (or that are gone) are refunded (idempotency key per payment).
 */
export type CompletionDeps = Pick<
  Deps,
  | 'payments'
  | 'paymentRecords'
  | 'orders'
  | 'userVouchers'
  | 'coupons'
  | 'settings'
  | 'users'
  | 'companies'
  | 'mailQueue'
  | 'clock'
  | 'newId'
  | 'appUrl'
  | 'sellerMails'
  | 'log'
  | 'metrics'
>;

export type CompletionOutcome =
  'completed' | 'already_completed' | 'unknown_payment' | 'not_a_success' | 'not_a_checkout';

/**
 * What a run does when the mail cannot be handed to the mail queue now: the webhook (`throw`) answers
 * non-2xx so Stripe re-delivers the event and a later run enqueues it; the free order (`log`, no
 * re-delivery exists) answers the buyer and leaves the mail owed (`mail_sent_at` unset).
 */
export type MailFailure = 'throw' | 'log';

export async function completePaymentOnEvent(deps: CompletionDeps, event: Stripe.Event): Promise<CompletionOutcome> {
  if (event.type !== 'payment_intent.succeeded') return 'not_a_success';
  const intent = event.data.object;
  const paymentId = intent.metadata?.payment_id;
  if (!paymentId) return 'unknown_payment';
  const payment = await deps.paymentRecords.get(paymentId);
  // Only the payment's own intent, and only for the full amount the server priced.
  if (!payment || (payment.stripe_payment_intent_id && payment.stripe_payment_intent_id !== intent.id))
    return 'unknown_payment';
  if (intent.amount_received < payment.amount)
    throw new Error(`payment ${paymentId}: received ${intent.amount_received} of ${payment.amount} cents`);
  return completePayment(deps, { ...payment, stripe_payment_intent_id: intent.id }, 'throw');
}

export async function completePayment(
  deps: CompletionDeps,
  payment: PaymentRecord,
  mailFailure: MailFailure = 'log',
): Promise<CompletionOutcome> {
  if (payment.completed_at) {
    // Completed earlier: a run that crashed before the mail (or whose mail failed) left it owed.
    try {
      await requestConfirmation(deps, payment, mailFailure);
    } finally {
      await notifySellers(deps, payment, mailFailure);
    }
    return 'already_completed';
  }
  // Payments that no checkout priced (no lines or payer) have nothing to issue.
  if (!payment.lines?.length || !(payment.payer_user_id || (payment.cart_id && payment.guest))) return 'not_a_checkout';
  const owner: OrderOwner = payment.payer_user_id
    ? { kind: 'user', userId: payment.payer_user_id }
    : { kind: 'guest', cartId: payment.cart_id! };
  const ordersKey = payment.payer_user_id
    ? orderKeys.userOrders(payment.payer_user_id)
    : orderKeys.guestOrders(payment.guest!.email);
  // A free order (payment_type none, total 0 €) has no provider fee.
  const feeKind = payment.payment_type === 'bank' ? 'bank' : payment.payment_type === 'none' ? 'none' : 'card';
  const settingsBySeller = new Map<string, Settings>();
  const suppliers = new Map<string, InvoiceRecord['seller']>();
  const payer = payment.payer_user_id ? await deps.users.get(payment.payer_user_id) : undefined;
  const invoiceBuyer = payment.guest
    ? { name: `${payment.guest.first_name} ${payment.guest.last_name}`, email: payment.guest.email }
    : {
        name: [payer?.first_name, payer?.last_name].filter(Boolean).join(' ') || (payer?.username ?? ''),
        email: payer?.email ?? '',
      };

  for (const line of payment.lines) {
    const order = await deps.orders.get(line.order_id);
    if (!order || order.status !== 'pending') continue; // completed by an earlier or concurrent run
    let settings = settingsBySeller.get(order.seller_id);
    if (!settings) {
      const { global, seller } = await deps.settings.getForSeller(order.seller_id);
      settings = effectiveSettings(global, seller);
      settingsBySeller.set(order.seller_id, settings);
    }
    const now = deps.clock();
    const completedAt = now.toISOString();
    const orderNo = await deps.orders.nextOrderNo(viennaYear(now));
    const base = feeBase({ voucher: order.voucher, total_value: line.total_value, total_amount: line.total_amount });
    // The one commission rule (pricing.ts commissionFor), frozen on the line and added to the stats.
    const split = commissionFor({ amount: base, channel: order.channel, payment: feeKind }, settings);
    const { commission, processing_fee: fee } = split;
    // A buyer's gift line gets its vouchers from the gift form (order/gift-voucher, one per unit when
    // bulk, owned by the recipient or unclaimed): nothing is issued to the payer here (issues 5/6).
    const giftLater = order.is_gift === true && Boolean(payment.payer_user_id);
    const userVoucher: UserVoucherRecord | undefined = giftLater
      ? undefined
      : newUserVoucher({
          id: deps.newId(),
          order,
          orderNo,
          amounts: {
            qty: line.qty,
            value: line.value,
            remaining_qty: line.total_qty,
            remaining_value: line.total_value,
          },
          owner: payment.payer_user_id
            ? { owner_user_id: payment.payer_user_id }
            : { owner_guest_email: payment.guest!.email.toLowerCase() },
          at: completedAt,
          appUrl: deps.appUrl,
        });
    // The buyer's name (guest or registered) is searchable on /manage-orders (issue 11).
    const buyerName = invoiceBuyer.name;
    let supplier = suppliers.get(order.seller_id);
    if (!supplier) {
      supplier = await supplierOf(deps, order.seller_id, order.voucher.seller?.company?.name);
      suppliers.set(order.seller_id, supplier);
    }
    const taxed = invoiceLines({
      title: order.voucher.title,
      qty: line.qty,
      amount: line.total_amount,
      discount: line.discount,
      tax: order.voucher.tax,
    });
    const invoice: NewInvoice = {
      year: viennaYear(now),
      order_id: order.id,
      order_no: orderNo,
      seller_id: order.seller_id,
      seller: supplier,
      buyer: invoiceBuyer,
      buyer_user_id: payment.payer_user_id ?? null,
      lines: taxed.lines,
      discount: line.discount,
      multi_purpose: taxed.multiPurpose,
      gross: line.total_amount - line.discount,
      tax: taxed.lines.reduce((sum, l) => sum + l.tax, 0),
      net: line.total_amount - line.discount - taxed.lines.reduce((sum, l) => sum + l.tax, 0),
      issued_at: completedAt,
    };
    await deps.orders.completeLine(
      {
        orderId: order.id,
        owner,
        paymentId: payment.id,
        pType: payment.payment_type === 'bank' ? 'bank' : payment.payment_type === 'none' ? 'none' : 'stripe',
        completedAt,
        orderNo,
        sellerId: order.seller_id,
        ordersKey,
        amounts: {
          qty: line.qty,
          value: line.value,
          total_qty: line.total_qty,
          total_value: line.total_value,
          total_amount: line.total_amount,
        },
        discount: line.discount,
        commission,
        processingFee: fee,
        sellerNet: split.seller_net,
        userVoucherIds: userVoucher ? [userVoucher.id] : [],
        searchText: [
          orderNo,
          order.voucher.seller?.username,
          order.voucher.seller?.company?.name,
          buyerName,
          payment.guest?.email,
          order.voucher.title,
        ]
          .filter(Boolean)
          .join(' ')
          .toLowerCase(),
        ...(payment.guest ? { guest: payment.guest } : {}),
      },
      // The voucher's counters (stats, popularity) follow from the completed line via the stats aggregator.
      userVoucher ? deps.userVouchers.issueParts(userVoucher) : [],
      invoice,
    );
    // After the line's transaction committed: a concurrent run that lost it threw above and counts nothing.
    deps.metrics.count('OrdersPaid');
    if (userVoucher) deps.metrics.count('VouchersIssued');
  }

  // Lines this payment could not get (completed by another payment of the same cart, e.g. a double
  // click or a late 3-D Secure approval, or removed meanwhile): their money goes back, once.
  let unissued = 0;
  let issuedAny = false;
  for (const line of payment.lines) {
    const order = await deps.orders.get(line.order_id);
    if (!order || (order.status === 'completed' && order.payment_id !== payment.id))
      unissued += line.total_amount - line.discount;
    else issuedAny = true;
  }
  if (unissued > 0 && payment.stripe_payment_intent_id) {
    await deps.payments.refund(
      payment.stripe_payment_intent_id,
      `unissued-${payment.id}`,
      Math.min(unissued, payment.amount),
    );
  }

  const at = deps.clock().toISOString();
  let marked: boolean;
  // The coupon counts as used only by a payment that issued something (not by a duplicate that got nothing).
  if (payment.coupon_code && issuedAny) {
    const coupon = await deps.coupons.get(payment.coupon_code);
    const limited = typeof coupon?.limit === 'number';
    try {
      marked = await deps.paymentRecords.markCompleted(
        payment.id,
        at,
        deps.coupons.useParts(payment.coupon_code, payment.id, at, limited),
      );
    } catch (error) {
      if (!limited) throw error;
      // No uses left by now (a race at the last use): the buyer keeps the discount paid for; recorded.
      marked = await deps.paymentRecords.markCompleted(
        payment.id,
        at,
        deps.coupons.useParts(payment.coupon_code, payment.id, at, false),
        true,
      );
    }
  } else {
    marked = await deps.paymentRecords.markCompleted(payment.id, at);
  }
  // Every run enqueues (a run that lost the race to mark it too, in case the marking run died): the
  // worker sends once per payment.
  try {
    await requestConfirmation(deps, payment, mailFailure);
  } finally {
    await notifySellers(deps, payment, mailFailure);
  }
  return marked ? 'completed' : 'already_completed';
}

/**
 * The sellers' sale notices (issue 12), after the sale committed; each owed one at most once (lease on
 * the order). On the webhook path (`throw`) a notice that could not go out fails the delivery, so
 * Stripe re-delivers the event and the completed payment's re-run sends what is still owed.
 */
async function notifySellers(deps: CompletionDeps, payment: PaymentRecord, mailFailure: MailFailure): Promise<void> {
  const ids = (payment.lines ?? []).map((l) => l.order_id);
  const failed = await notifySellersOfPayment(deps, payment.id, ids).catch((error: unknown) => {
    deps.log.error('seller sale notices failed', { paymentId: payment.id, error });
    return 1;
  });
  if (failed > 0 && mailFailure === 'throw')
    throw new Error(`payment ${payment.id}: ${failed} seller sale notice(s) owed; the re-delivery sends them`);
}

/**
 * Hands the confirmation mail to the mail worker while it is owed (`mail_sent_at` unset): a small job
 * with the payment's id; the worker renders the invoice and voucher PDFs and sends, once per payment
 * (confirmation-mail.ts). On the webhook path (`throw`) a job that could not be enqueued fails the
 * delivery, so Stripe re-delivers the event and the completed payment's re-run enqueues it.
 */
async function requestConfirmation(
  deps: Pick<CompletionDeps, 'mailQueue' | 'log'>,
  payment: PaymentRecord,
  mailFailure: MailFailure,
): Promise<void> {
  if (payment.mail_sent_at) return;
  try {
    await deps.mailQueue.enqueue({ kind: 'order-confirmation', paymentId: payment.id });
  } catch (error) {
    deps.log.error('order confirmation mail failed', { paymentId: payment.id, error });
    if (mailFailure === 'throw') throw error;
  }
}

/** The seller as supplier on the invoice: company name, business address (the profile's as fallback), VAT number. */
async function supplierOf(
  deps: Pick<CompletionDeps, 'companies' | 'users'>,
  sellerId: string,
  fallbackName: string | undefined,
): Promise<InvoiceRecord['seller']> {
  const company = await deps.companies.getBySeller(sellerId);
  const profile = company?.address ? undefined : await deps.users.get(sellerId);
  const street = company?.address ?? profile?.address ?? null;
  const place = [
    company?.address ? company.zip_code : profile?.zip_code,
    company?.address ? company.city : profile?.city,
  ]
    .filter(Boolean)
    .join(' ');
  const address = [street, place].filter(Boolean).join(', ') || null;
  return {
    name: company?.name ?? fallbackName ?? profile?.username ?? '',
    address,
    vat_number: company?.vat_number ?? null,
  };
}
