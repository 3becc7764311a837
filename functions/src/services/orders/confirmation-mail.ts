import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { formatEuro } from '@gm/shared/money/money';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { voucherPdfFilename } from '@gm/shared/wallet/contracts';
import { ConflictError } from '../../lib/errors.ts';
import type { PaymentRecord } from '../../repositories/payment-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { fitAttachments, memoisedMediaReader, type MailAttachment } from '../mail-attachments.ts';
import { voucherPdfFor } from '../wallet/voucher-pdf.ts';
import { invoiceFilename, renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The buyer's order confirmation (issue 15: rendered by the mail worker, not in the Stripe Lambdas).
 * The completion (complete-payment.ts) only enqueues `{kind: 'order-confirmation', paymentId}` while
 * the mail is owed; the worker renders the invoices and, for guests, the voucher PDFs from the stored
 * records and sends. Exactly once per payment however often the job arrives (re-delivered webhooks
 * enqueue it again, SQS delivers at least once): the worker claims a lease on the Payment
 * (`mail_lease_until`, conditional on completed and `mail_sent_at` unset), sends, then sets
 * `mail_sent_at`; a failed send gives the lease back and the job fails, so SQS delivers it again.
 */
export type ConfirmationMailDeps = Pick<
  Deps,
  | 'paymentRecords'
  | 'orders'
  | 'userVouchers'
  | 'users'
  | 'companies'
  | 'vouchers'
  | 'templates'
  | 'mediaReader'
  | 'mailer'
  | 'appUrl'
  | 'clock'
>;

/**
 * Longer than a mail worker's run (its Lambda timeout is 60 s): a crashed sender's lease expires
 * before SQS delivers its job again (visibility timeout six times the function's timeout).
 */
export const MAIL_LEASE_MS = 90_000;
export const MAIL_IN_PROGRESS = 'Die Bestellbestätigung wird gerade gesendet.';

/**
 * The invoices are numbered from the table's stream (issue 15, number-invoices.ts), usually within a
 * second of the completion. The mail waits for them this long, then its job fails and SQS delivers
 * it again (the lease outlives the wait).
 */
export const INVOICE_WAIT_MS = 20_000;
const INVOICE_POLL_MS = 150;
export const INVOICES_PENDING = 'Die Rechnungen dieser Bestellung werden noch nummeriert.';

/**
 * The mail worker's `order-confirmation` job. A live lease of another delivery means "being sent":
 * the job fails with 409 and SQS retries it later, when it finds the mail sent (or the lease of a
 * crashed sender expired).
 */
export async function deliverConfirmation(deps: ConfirmationMailDeps, paymentId: string): Promise<'sent' | 'not_owed'> {
  const now = deps.clock();
  const until = new Date(now.getTime() + MAIL_LEASE_MS).toISOString();
  // Conditional and consistent: 'sent' also when the payment is not completed (nothing is owed then).
  const claim = await deps.paymentRecords.claimMail(paymentId, now.toISOString(), until);
  if (claim === 'sent') return 'not_owed';
  if (claim === 'leased') throw new ConflictError(MAIL_IN_PROGRESS);
  try {
    await sendConfirmation(deps, claim.claimed);
  } catch (error) {
    await deps.paymentRecords.releaseMail(paymentId, until).catch(() => undefined);
    throw error;
  }
  await deps.paymentRecords.markMailSent(paymentId, deps.clock().toISOString());
  return 'sent';
}

/** The payment's completed lines, once every invoice they owe has its number (see INVOICE_WAIT_MS). */
async function paidLinesNumbered(deps: ConfirmationMailDeps, payment: PaymentRecord) {
  const paymentLines = payment.lines ?? [];
  const ids = paymentLines.map((line) => line.order_id);
  // Drafts first: once none is left, the orders read next carry every number (numbered atomically).
  for (let waited = 0; (await deps.orders.invoicesPending(ids)).length > 0; waited += INVOICE_POLL_MS) {
    if (waited >= INVOICE_WAIT_MS) throw new ConflictError(INVOICES_PENDING);
    await new Promise((resolve) => setTimeout(resolve, INVOICE_POLL_MS));
  }
  const orders = await deps.orders.getMany(ids);
  return paymentLines.flatMap((line, i) => {
    const order = orders[i];
    return order?.status === 'completed' && order.payment_id === payment.id ? [{ line, order }] : [];
  });
}

/**
 * The confirmation mail, from what was stored (any concurrent run may have completed a line): orders,
 * totals, the invoice PDFs, and for guests the codes and the voucher PDFs (a guest has no wallet). The
 * voucher PDFs go in while the attachments stay within MAIL_ATTACHMENT_BUDGET (SES and many mailboxes
 * take 10 MB per message); the ones that do not fit are named in the text with the retrieval page.
 */
async function sendConfirmation(deps: ConfirmationMailDeps, payment: PaymentRecord): Promise<void> {
  const issued: { title: string; amount: number; code: string; qr: string; orderNo: string; pdf: UserVoucherRecord }[] =
    [];
  const invoices: MailAttachment[] = [];
  const gifts: { title: string; amount: number; orderNo: string; url: string }[] = [];
  // Batched reads: the lines' orders, then their invoices and wallet vouchers (one round trip each).
  const paid = await paidLinesNumbered(deps, payment);
  const [invoiceRecords, walletVouchers] = await Promise.all([
    deps.orders.getInvoices(paid.flatMap(({ order }) => (order.invoice_no ? [order.invoice_no] : []))),
    deps.userVouchers.getMany(paid.flatMap(({ order }) => order.user_voucher_ids ?? [])),
  ]);
  for (const invoice of invoiceRecords)
    if (invoice)
      invoices.push({
        filename: invoiceFilename(invoice.invoice_no),
        contentType: 'application/pdf',
        content: await renderInvoicePdf(invoice),
      });
  const byId = new Map(walletVouchers.flatMap((uv) => (uv ? [[uv.id, uv] as const] : [])));
  for (const { line, order } of paid) {
    for (const id of order.user_voucher_ids ?? []) {
      const uv = byId.get(id);
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
  // bounded so the worker's run stays short; the rest are named with the retrieval page.
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
  await deps.mailer.send({
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
