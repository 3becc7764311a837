import { formatEuro } from '@gm/shared/money/money';
import type { Deps } from '../../deps.ts';
import { renderInvoicePdf } from '../../orders/invoice-pdf.ts';

export const cancellationFilename = (invoiceNo: string) => `Stornorechnung-${invoiceNo}.pdf`;

export type CancellationMailDeps = Pick<Deps, 'orderAdmin' | 'orders' | 'users' | 'mailer'>;

/**
 * The mail worker's `cancellation` job (issue 15: the PDF is rendered here, not in the Stripe Lambda of
 * POST order/reverse-order): mails the Stornorechnung of a reversed order to the buyer (guest e-mail
 * too), rendered from the stored cancellation invoice. Throws while the reversal is not readable yet,
 * so the queue delivers the job again.
 */
export async function mailCancellation(deps: CancellationMailDeps, orderId: string): Promise<void> {
  const order = await deps.orderAdmin.get(orderId);
  const invoiceNo = order?.cancellation_invoice_no;
  if (!order?.reversed || !invoiceNo) throw new Error(`order ${orderId}: no reversal to mail`);
  const stored = await deps.orders.getInvoice(invoiceNo);
  if (!stored) throw new Error(`cancellation invoice ${invoiceNo} missing`);
  const invoice = { ...stored, cancels: stored.cancels ?? order.invoice_no ?? null };
  const refund = order.refunded_amount ?? -invoice.gross;
  const to =
    order.guest?.email ??
    invoice.buyer.email ??
    (order.user_id ? (await deps.users.get(order.user_id))?.email : undefined);
  if (!to) return;
  const name = order.guest?.first_name ?? invoice.buyer.name.split(' ')[0];
  await deps.mailer.send({
    to,
    subject: `Stornierung deiner Bestellung ${order.order_no ?? ''}`.trim(),
    text: [
      name ? `Hallo ${name},` : 'Hallo,',
      '',
      `deine Bestellung ${order.order_no ?? ''} (${order.voucher.title}) wurde storniert. Der Gutschein ist damit ungültig.`,
      refund > 0 ? `Erstattet werden ${formatEuro(refund)}.` : 'Es wird kein Betrag erstattet.',
      '',
      'Die Stornorechnung findest du im Anhang.',
    ].join('\n'),
    attachments: [
      {
        filename: cancellationFilename(invoice.invoice_no),
        contentType: 'application/pdf',
        content: await renderInvoicePdf(invoice),
      },
    ],
  });
}
