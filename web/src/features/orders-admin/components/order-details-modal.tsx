import { useId } from 'react';
import { ADMIN_ORDER_TEXT, type AdminOrderRow } from '@gm/shared/admin/orders';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { showRefusal, SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { fetchInvoicePdf } from '../../../entities/order/api/invoice.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useAdminOrder, useReverseOrder } from '../api/orders-admin.ts';
import {
  CHANNEL_TEXT,
  euroOrDash,
  orderDate,
  paymentStatusText,
  paymentTypeText,
  statusText,
} from '../order-format.ts';

const VOUCHER_STATUS: Record<'active' | 'reversing' | 'redeemed' | 'reversed', string> = {
  active: 'aktiv',
  reversing: ADMIN_ORDER_TEXT.voiding,
  redeemed: 'eingelöst',
  reversed: ADMIN_ORDER_TEXT.voided,
};

/** An invoice number that downloads its PDF (order/download-invoice). */
function InvoiceLink({
  orderId,
  invoiceNo,
  cancellation = false,
}: {
  orderId: string;
  invoiceNo: string;
  cancellation?: boolean;
}) {
  const dialog = useDialog();
  async function download() {
    try {
      saveBlob(
        await fetchInvoicePdf(orderId, invoiceNo),
        `${cancellation ? 'Stornorechnung' : 'Rechnung'}-${invoiceNo}.pdf`,
      );
    } catch {
      await dialog.warning(TEXT.genericError, { title: TEXT.attention });
    }
  }
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => void download()}
      aria-label={`${cancellation ? 'Stornorechnung' : 'Rechnung'} ${invoiceNo} als PDF herunterladen`}
      data-testid={cancellation ? 'admin-order-cancellation-pdf' : 'admin-order-invoice-pdf'}
    >
      {invoiceNo}
    </button>
  );
}

/**
 * Whether the Stornorechnung mail reached the buyer; while it is owed (the send after the reversal
 * failed) the admin sends it again: reverse-order on a reversed order retries exactly that mail.
 */
function CancellationMail({ orderId, sent }: { orderId: string; sent: boolean }) {
  const dialog = useDialog();
  const resend = useReverseOrder();
  if (sent) return <>{ADMIN_ORDER_TEXT.cancellationMailDone}</>;
  async function send() {
    try {
      const answer = await resend.mutateAsync(orderId);
      await dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
    } catch (error) {
      await showRefusal(dialog, error);
    }
  }
  return (
    <>
      {ADMIN_ORDER_TEXT.cancellationMailOwed}{' '}
      <button
        type="button"
        className="button button--small button--outline"
        onClick={() => void send()}
        disabled={resend.isPending}
        data-testid="admin-order-resend-cancellation"
      >
        {resend.isPending ? 'Wird gesendet…' : ADMIN_ORDER_TEXT.resendCancellationMail}
      </button>
    </>
  );
}

/** GET order/{id}: one order with its payment, invoice numbers and vouchers (remaining value, status). */
export function OrderDetailsModal({
  orderId,
  onClose,
  onReverse,
  reversing,
}: {
  orderId: string;
  onClose: () => void;
  onReverse: (row: AdminOrderRow) => void;
  reversing: boolean;
}) {
  const titleId = useId();
  const query = useAdminOrder(orderId);
  const order = query.data?.data;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="admin-order-details" testId="admin-order-modal">
      <h2 id={titleId} className="admin-order-details__title">
        Bestellung <span className="admin-order-details__no">{order?.order_no ?? ''}</span>
      </h2>
      {query.error && !order ? (
        <LoadFailed text="Die Bestellung konnte gerade nicht geladen werden." onRetry={() => void query.refetch()} />
      ) : !order ? (
        <PageLoader label="Bestellung wird geladen…" />
      ) : (
        <>
          <p className="admin-order-details__lead">{order.voucher_title}</p>
          <dl className="admin-order-details__facts">
            <dt>Datum</dt>
            <dd>{orderDate(order.created_at)}</dd>
            <dt>Status</dt>
            <dd data-testid="admin-order-modal-status">
              {statusText(order.reversed)}
              {order.reversed_at ? ` am ${formatDate(order.reversed_at)}` : ''}
            </dd>
            <dt>Verkäufer</dt>
            <dd>{order.seller_name || '–'}</dd>
            <dt>Käufer</dt>
            <dd>
              {order.user_name || '–'}
              {order.buyer_email ? ` (${order.buyer_email})` : ''}
            </dd>
            <dt>Kanal</dt>
            <dd>{CHANNEL_TEXT[order.channel]}</dd>
            <dt>Menge</dt>
            <dd>{order.value === null ? order.qty : `${order.qty} × ${formatEuro(order.value)}`}</dd>
            <dt>Umsatz</dt>
            <dd>
              {formatEuro(order.total_sales)}
              {order.discount > 0 ? ` (Rabatt ${formatEuro(order.discount)})` : ''}
            </dd>
            <dt>Provision</dt>
            <dd>{euroOrDash(order.commission)}</dd>
            <dt>Zahlungsart</dt>
            <dd>{paymentTypeText(order.p_type)}</dd>
            <dt>Bearbeitungsgebühr</dt>
            <dd>{euroOrDash(order.processing_fee)}</dd>
            <dt>Zahlung</dt>
            <dd>
              {order.payment
                ? `${paymentStatusText(order.payment.status)}, ${formatEuro(order.payment.amount)}${
                    order.payment.amount_refunded ? `, erstattet ${formatEuro(order.payment.amount_refunded)}` : ''
                  }${order.payment.coupon_code ? `, Code ${order.payment.coupon_code}` : ''}`
                : '–'}
            </dd>
            <dt>Rechnung</dt>
            <dd>{order.invoice_no ? <InvoiceLink orderId={order.id} invoiceNo={order.invoice_no} /> : '–'}</dd>
            {order.cancellation_invoice_no && (
              <>
                <dt>Stornorechnung</dt>
                <dd>
                  <InvoiceLink orderId={order.id} invoiceNo={order.cancellation_invoice_no} cancellation />
                </dd>
                <dt>Erstattet</dt>
                <dd>{euroOrDash(order.refunded_amount)}</dd>
                <dt>Stornorechnung per E-Mail</dt>
                <dd data-testid="admin-order-cancellation-mail">
                  <CancellationMail orderId={order.id} sent={order.cancellation_mail_sent} />
                </dd>
              </>
            )}
          </dl>
          <h3 className="admin-order-details__subtitle">Gutscheine</h3>
          {order.vouchers.length === 0 ? (
            <p className="admin-order-details__lead">Keine Gutscheine ausgestellt.</p>
          ) : (
            <ul className="admin-order-details__vouchers">
              {order.vouchers.map((uv) => (
                <li key={uv.id} data-testid="admin-order-voucher">
                  <span className="admin-order-details__code">{uv.code}</span>
                  <span>
                    Rest: {uv.type === 'value' ? formatEuro(uv.remaining_value) : `${uv.remaining_qty} von ${uv.qty}`}
                  </span>
                  <span>gültig bis {formatDate(uv.valid_until)}</span>
                  <span
                    className={`admin-orders__status${uv.status === 'reversed' ? ' admin-orders__status--reversed' : ''}`}
                  >
                    {VOUCHER_STATUS[uv.status]}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="admin-order-details__actions">
        {order && !order.reversed && order.status === 'completed' && (
          <button
            type="button"
            className="button button--outline"
            onClick={() => onReverse(order)}
            disabled={reversing}
            data-testid="admin-order-modal-reverse"
          >
            {ADMIN_ORDER_TEXT.reverse}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          Schließen
        </button>
      </div>
    </Modal>
  );
}
