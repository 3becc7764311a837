import type { PaymentStatus } from '@gm/shared/payments/payment-status';
import { ADMIN_ORDER_TEXT, type AdminOrderRow } from '@gm/shared/admin/orders';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';

/** Display texts of the admin order table (03 §2 columns). */
export const CHANNEL_TEXT: Record<AdminOrderRow['channel'], string> = {
  marketplace: 'Marktplatz',
  subdomain: 'Subdomain',
  direktverkauf: 'Direktverkauf',
};

/** Payment type (03 §3 p_type): sofort (bank transfer) or stripe (card); none for direct sales and 0 € orders. */
export function paymentTypeText(pType: AdminOrderRow['p_type']): string {
  if (pType === 'bank') return 'Sofortüberweisung';
  if (pType === 'stripe') return 'Karte';
  return '–';
}

export const statusText = (reversed: boolean) => (reversed ? ADMIN_ORDER_TEXT.reversed : ADMIN_ORDER_TEXT.notReversed);
export const orderDate = (at: string) => formatDate(at);
export const euroOrDash = (cents: number | null) => (cents === null ? '–' : formatEuro(cents));

/** Stripe's payment status (PAYMENT# `status`, shared/src/payments/payment-status.ts) in German. */
const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  created: 'angelegt',
  requires_action: 'wartet auf Bestätigung',
  processing: 'in Bearbeitung',
  failed: 'fehlgeschlagen',
  canceled: 'abgebrochen',
  succeeded: 'bezahlt',
  partially_refunded: 'teilweise erstattet',
  refunded: 'erstattet',
};

export const paymentStatusText = (status: string) =>
  (PAYMENT_STATUS_TEXT as Record<string, string | undefined>)[status] ?? status;
