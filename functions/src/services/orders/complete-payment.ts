import type Stripe from 'stripe';
import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { viennaYear } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { voucherPdfFilename } from '@gm/shared/wallet/contracts';
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
import { ConflictError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { fitAttachments, memoisedMediaReader, type MailAttachment } from '../mail-attachments.ts';
import { voucherPdfFor } from '../wallet/voucher-pdf.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceLines } from './invoice-tax.ts';
import { newUserVoucher } from './new-user-voucher.ts';
import { notifySellersOfPayment } from '../seller-mails/sale-notice.ts';

/**
 * Order completion (data-model §4.4), the consumer of the signed `payment_intent.succeeded` webhook:
 * the only place vouchers are issued. Each paid line completes in ONE transaction (line pending →
 * completed with its order number and frozen fees, the user voucher and its `CODE#`, the sale's
 * counters); the line's `#status = :pending` condition makes each line complete at most once, so a
 * re-delivered event, a concurrent duplicate or a re-run after a crash half-way never issues a
 * second voucher and finishes what is left. Then one last transaction marks the Payment
 * `completed_at` (once) together with the coupon use. The confirmation mail is sent at least once
 * (deliverConfirmation): a run claims it with a lease on the Payment, sends, then sets `mail_sent_at`;
 * a run that finds the payment completed but the mail still owed (the sender crashed or SES failed)
 * sends it. Lines another payment already completed (or that are gone) are refunded (idempotency key per payment).
 */
export type CompletionDeps = Pick<
  Deps,
  | 'payments'
  | 'paymentRecords'
  | 'orders'
  | 'vouchers'
  | 'userVouchers'
  | 'coupons'
  | 'settings'
  | 'users'
  | 'companies'
  | 'mailQueue'
  | 'clock'
  | 'newId'
  | 'appUrl'
  | 'templates'
  | 'mediaReader'
  | 'sellerMails'
  | 'log'
  | 'metrics'
>;

export type CompletionOutcome =
  'completed' | 'already_completed' | 'unknown_payment' | 'not_a_success' | 'not_a_checkout';

/** Longer than a Lambda run (10 s, PDF rendering and SES included); a crashed sender's lease expires before Stripe's later retries. */
export const MAIL_LEASE_MS = 60_000;
export const MAIL_IN_PROGRESS = 'Die Bestellbestätigung wird gerade gesendet.';

/**
 * What a run does when the mail cannot go out now: the webhook (`throw`) answers non-2xx so Stripe
 * re-delivers the event and a later run sends it; the free order (`log`, no re-delivery exists)
 * answers the buyer and leaves the mail owed (`mail_sent_at` unset).
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
      if (!payment.mail_sent_at) await deliverConfirmation(deps, payment, mailFailure);
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
    const current = await deps.vouchers.get(order.voucher_id);
    const inCatalogue = Boolean(current && !current.deleted_at && !current.is_tourism);
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
      [
        ...(userVoucher ? deps.userVouchers.issueParts(userVoucher) : []),
        ...deps.vouchers.saleParts(
          order.voucher_id,
          { qty: line.total_qty, gross: line.total_amount - line.discount },
          inCatalogue,
        ),
      ],
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
  const mailLease = new Date(Date.parse(at) + MAIL_LEASE_MS).toISOString();
  let marked: boolean;
  // The coupon counts as used only by a payment that issued something (not by a duplicate that got nothing).
  if (payment.coupon_code && issuedAny) {
    const coupon = await deps.coupons.get(payment.coupon_code);
    const limited = typeof coupon?.limit === 'number';
    try {
      marked = await deps.paymentRecords.markCompleted(
        payment.id,
        at,
        mailLease,
        deps.coupons.useParts(payment.coupon_code, payment.id, at, limited),
      );
    } catch (error) {
      if (!limited) throw error;
      // No uses left by now (a race at the last use): the buyer keeps the discount paid for; recorded.
      marked = await deps.paymentRecords.markCompleted(
        payment.id,
        at,
        mailLease,
        deps.coupons.useParts(payment.coupon_code, payment.id, at, false),
        true,
      );
    }
  } else {
    marked = await deps.paymentRecords.markCompleted(payment.id, at, mailLease);
  }
  // The marking run holds the mail lease from the marking write on; a run that lost the race to mark
  // it only sends if that lease expired (the marking run died).
  try {
    await deliverConfirmation(deps, payment, mailFailure, marked ? mailLease : undefined);
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
 * The confirmation mail, at least once and in the normal case exactly once: claim the lease
 * (conditional: payment completed, mail not sent, no live lease), send, set `mail_sent_at`. A failed
 * send gives the lease back; a crash leaves it to expire (MAIL_LEASE_MS). A live lease of another
 * run means "being sent": the webhook answers 409, so Stripe retries until the mail is recorded.
 */
export async function deliverConfirmation(
  deps: Pick<CompletionDeps, 'paymentRecords' | 'clock' | ConfirmationDeps>,
  payment: PaymentRecord,
  mailFailure: MailFailure,
  /** The lease this run already holds (taken with the completion marking). */
  heldLease?: string,
): Promise<'sent' | 'not_owed' | 'failed'> {
  const now = deps.clock();
  const until = heldLease ?? new Date(now.getTime() + MAIL_LEASE_MS).toISOString();
  const claim = heldLease ? 'claimed' : await deps.paymentRecords.claimMail(payment.id, now.toISOString(), until);
  if (claim === 'sent') return 'not_owed';
  if (claim === 'leased') {
    if (mailFailure === 'throw') throw new ConflictError(MAIL_IN_PROGRESS);
    return 'not_owed';
  }
  try {
    await sendConfirmation(deps, payment);
  } catch (error) {
    await deps.paymentRecords.releaseMail(payment.id, until).catch(() => undefined);
    deps.log.error('order confirmation mail failed', { paymentId: payment.id, error });
    if (mailFailure === 'throw') throw error;
    return 'failed';
  }
  await deps.paymentRecords.markMailSent(payment.id, deps.clock().toISOString());
  return 'sent';
}

type ConfirmationDeps =
  | 'users'
  | 'mailQueue'
  | 'appUrl'
  | 'orders'
  | 'userVouchers'
  | 'companies'
  | 'vouchers'
  | 'templates'
  | 'mediaReader'
  | 'log';

/**
 * The confirmation mail, from what was stored (any concurrent run may have completed a line): orders,
 * totals, the invoice PDFs, and for guests the codes and the voucher PDFs (a guest has no wallet). The
 * voucher PDFs go in while the attachments stay within MAIL_ATTACHMENT_BUDGET (SES and many mailboxes
 * take 10 MB per message); the ones that do not fit are named in the text with the retrieval page.
 */
async function sendConfirmation(deps: Pick<CompletionDeps, ConfirmationDeps>, payment: PaymentRecord): Promise<void> {
  const issued: { title: string; amount: number; code: string; qr: string; orderNo: string; pdf: UserVoucherRecord }[] =
    [];
  const invoices: MailAttachment[] = [];
  const gifts: { title: string; amount: number; orderNo: string; url: string }[] = [];
  for (const line of payment.lines ?? []) {
    const order = await deps.orders.get(line.order_id);
    if (order?.status !== 'completed' || order.payment_id !== payment.id) continue;
    const invoice = order.invoice_no ? await deps.orders.getInvoice(order.invoice_no) : undefined;
    if (invoice)
      invoices.push({
        filename: invoiceFilename(invoice.invoice_no),
        contentType: 'application/pdf',
        content: await renderInvoicePdf(invoice),
      });
    for (const id of order.user_voucher_ids ?? []) {
      const uv = await deps.userVouchers.get(id);
      if (uv)
        issued.push({
          title: order.voucher.title,
          amount: line.total_amount - line.discount,
          code: uv.code,
          qr: uv.qr,
          orderNo: order.order_no ?? '',
          pdf: uv,
        });
    }
    // A gift line has no voucher yet: the mail links to its gift form (issues 5/6).
    if (order.is_gift && !order.user_voucher_ids?.length && payment.payer_user_id) {
      gifts.push({
        title: order.voucher.title,
        amount: line.total_amount - line.discount,
        orderNo: order.order_no ?? '',
        url: `${deps.appUrl.replace(/\/+$/, '')}/vouchers-gift/${order.id}`,
      });
    }
  }
  if (issued.length === 0 && gifts.length === 0) return;
  const to =
    payment.guest?.email ?? (payment.payer_user_id ? (await deps.users.get(payment.payer_user_id))?.email : undefined);
  if (!to) return;

  // Guests only: buyers find (and download) their vouchers in the wallet. The number rendered is
  // bounded so the webhook's run stays short; the rest are named with the retrieval page.
  const voucherPdfs = new Map<(typeof issued)[number], MailAttachment>();
  if (payment.guest) {
    // Vouchers of one offer share their background: read each image once per mail.
    const pdfDeps = { ...deps, mediaReader: memoisedMediaReader(deps.mediaReader) };
    for (const i of issued.slice(0, MAX_VOUCHER_PDFS))
      voucherPdfs.set(i, {
        filename: voucherPdfFilename(i.orderNo, i.code),
        contentType: 'application/pdf',
        content: await voucherPdfFor(pdfDeps, i.pdf),
      });
  }
  // Invoices first: they are small and the buyer must get them; voucher PDFs fill the rest.
  const { attached } = fitAttachments([...invoices, ...voucherPdfs.values()]);
  const sent = new Set(attached);
  const isSent = (i: (typeof issued)[number]) => sent.has(voucherPdfs.get(i) as MailAttachment);
  const notAttached = payment.guest ? issued.filter((i) => !isSent(i)) : [];
  const attachedVouchers = [...voucherPdfs.values()].filter((a) => sent.has(a)).length;
  const attachedInvoices = attached.length - attachedVouchers;

  const base = deps.appUrl.replace(/\/+$/, '');
  const name = payment.guest?.first_name;
  const lines = [...issued, ...gifts].map((i) => `- ${i.orderNo}: ${i.title}, ${formatEuro(i.amount)}`);
  const codes = payment.guest
    ? [
        '',
        'Deine Gutscheine:',
        ...issued.flatMap((i) => [
          `- ${i.title}: Code ${i.code}, ${i.qr}`,
          `  ${BALANCE_TEXT.linkLabel}: ${balanceCheckUrl(base, i.code)}`,
        ]),
      ]
    : ['', `Deine Gutscheine findest du in deiner Geldbörse: ${base}/wallet`];
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to,
      subject: 'Deine Bestellung bei Gutscheinmarkt',
      text: [
        name ? `Hallo ${name},` : 'Hallo,',
        '',
        payment.guest ? ORDER_TEXT.guestThankYou : `${ORDER_TEXT.paymentDoneTitle} ${ORDER_TEXT.paymentDone}`,
        '',
        'Deine Bestellung:',
        ...lines,
        ...(payment.discount ? [`Rabatt: ${formatEuro(payment.discount)}`] : []),
        `Gesamt: ${formatEuro(payment.amount)}`,
        ...(issued.length ? codes : []),
        ...(gifts.length
          ? ['', 'Deine Geschenke kannst du hier verschenken:', ...gifts.map((g) => `- ${g.title}: ${g.url}`)]
          : []),
        ...attachmentNote(attachedInvoices, attachedVouchers),
        ...(notAttached.length
          ? [
              '',
              `Diese Gutscheine waren zu groß für eine Email: ${notAttached.map((i) => i.title).join(', ')}. Zum Einlösen reicht der Code; die PDFs kannst du hier anfordern: ${base}${GUEST_RETRIEVAL_PATH}`,
            ]
          : []),
      ].join('\n'),
      ...(attached.length ? { attachments: attached } : {}),
    },
  });
}

/** Voucher PDFs rendered for one confirmation mail at most (a few hundred ms each). */
export const MAX_VOUCHER_PDFS = 10;

/** The web's "Gutschein verloren?" page (web/src/config/paths.ts `guestRetrieval`): it mails a guest's voucher PDFs. */
export const GUEST_RETRIEVAL_PATH = '/gast-bestellung/abrufen';

function attachmentNote(invoices: number, vouchers: number): string[] {
  const parts = [
    ...(invoices ? [invoices > 1 ? 'die Rechnungen' : 'die Rechnung'] : []),
    ...(vouchers ? [vouchers > 1 ? 'deine Gutscheine als PDF' : 'deinen Gutschein als PDF'] : []),
  ];
  if (!parts.length) return [];
  const what = parts.join(' und ');
  return ['', `${what.charAt(0).toUpperCase()}${what.slice(1)} findest du im Anhang.`];
}

export const invoiceFilename = (invoiceNo: string) => `Rechnung-${invoiceNo}.pdf`;

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
