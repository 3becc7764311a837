import { formatEuro } from '@gm/shared/money/money';
import type { OrderRecord } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * Issue 12 "Seller mails", custom order confirmation: when the seller's `is_custom_confirmation` is
 * on, every completed sale (paid order or direct sale) mails the seller — to `order_email` when set,
 * else the account e-mail — with order number, voucher, amount and channel. Once per order: a lease
 * on the order (`seller_mail_lease_until`) is claimed, the mail sent, `seller_mail_sent_at` set; a
 * re-delivered webhook finds it recorded. Called after the sale committed, never inside it.
 */
export type SaleNoticeDeps = Pick<Deps, 'sellerMails' | 'users' | 'mailer' | 'clock' | 'appUrl' | 'log'>;

/** Longer than a Lambda run; a crashed sender's lease ends before Stripe's later re-deliveries. */
export const SALE_NOTICE_LEASE_MS = 60_000;

export const SALE_NOTICE_SUBJECT = 'Neue Bestellung bei Gutscheinmarkt';

const CHANNEL_LABEL: Record<OrderRecord['channel'], string> = {
  marketplace: 'Marktplatz',
  subdomain: 'Eigene Subdomain',
  direktverkauf: 'Direktverkauf',
};

export function saleNoticeText(order: OrderRecord, sellerName: string | null): string {
  const amount = order.total_amount - (order.discount ?? 0);
  return [
    sellerName ? `Hallo ${sellerName},` : 'Hallo,',
    '',
    'du hast einen Gutschein verkauft.',
    '',
    `Bestellnummer: ${order.order_no ?? ''}`,
    `Gutschein: ${order.voucher.title}`,
    `Menge: ${order.qty}`,
    `Betrag: ${formatEuro(amount)}`,
    `Verkaufskanal: ${order.subdomain && order.channel === 'subdomain' ? `${CHANNEL_LABEL.subdomain} (${order.subdomain})` : CHANNEL_LABEL[order.channel]}`,
    '',
    'Alle Bestellungen findest du in deinem Dashboard.',
    '',
    'Dein Gutscheinmarkt-Team',
  ].join('\n');
}

/**
 * Sends the notice of one order if owed: 'off' when the seller's switch is off (nothing is written,
 * so a later switch-on does not mail old sales — only sales completed while it is on are mailed,
 * checked at completion time), 'sent', 'not_owed' (recorded or being sent) or 'failed' (logged; the
 * lease is given back, so the next completion run of the same payment sends it).
 */
export async function notifySellerOfSale(
  deps: SaleNoticeDeps,
  order: OrderRecord,
): Promise<'off' | 'sent' | 'not_owed' | 'failed'> {
  if (order.status !== 'completed' || order.seller_mail_sent_at) return 'not_owed';
  const seller = await deps.users.get(order.seller_id);
  if (!seller || seller.is_custom_confirmation !== true) return 'off';
  const to = seller.order_email?.trim() || seller.email;
  if (!to) return 'off';
  const now = deps.clock();
  const until = new Date(now.getTime() + SALE_NOTICE_LEASE_MS).toISOString();
  const claim = await deps.sellerMails.claimSaleNotice(order.id, now.toISOString(), until);
  if (claim !== 'claimed') return 'not_owed';
  try {
    const name = [seller.first_name, seller.last_name].filter(Boolean).join(' ') || seller.username || null;
    await deps.mailer.send({
      to,
      subject: `${SALE_NOTICE_SUBJECT}: ${order.order_no ?? ''}`.trim(),
      text: saleNoticeText(order, name),
    });
  } catch (error) {
    await deps.sellerMails.releaseSaleNotice(order.id, until).catch(() => undefined);
    deps.log.error('seller sale notice failed', { orderId: order.id, error });
    return 'failed';
  }
  await deps.sellerMails.markSaleNoticeSent(order.id, deps.clock().toISOString());
  return 'sent';
}

/**
 * The notices of a payment's lines that this payment completed (a re-delivery sends what is still
 * owed). Answers how many could not be sent now (their lease was given back).
 */
export async function notifySellersOfPayment(
  deps: SaleNoticeDeps & Pick<Deps, 'orders'>,
  paymentId: string,
  orderIds: string[],
): Promise<number> {
  let failed = 0;
  for (const id of orderIds) {
    const order = await deps.orders.get(id);
    if (order?.status === 'completed' && order.payment_id === paymentId)
      if ((await notifySellerOfSale(deps, order)) === 'failed') failed += 1;
  }
  return failed;
}
