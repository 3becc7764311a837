import {
  ADMIN_ORDER_TEXT,
  adminProcessingFee,
  type AdminOrderDetails,
  type AdminOrderRow,
  type adminOrderSearchRequestSchema,
} from '@gm/shared/admin/orders';
import type { Paged } from '@gm/shared/api/paged';
import type { OrderLine } from '@gm/shared/orders/contracts';
import type * as z from 'zod/mini';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import type { AdminOrderRecord } from '../../../repositories/order-admin-repository.ts';
import { orderKeys, type OrderRecord } from '../../../repositories/order-repository.ts';
import type { UserRecord } from '../../../repositories/user-repository.ts';
import { cursorPage, pageAnswer } from '../../cursor-paging.ts';
import { auditEntry } from '../../audit-entry.ts';
import type { Deps } from '../../deps.ts';
import { toOrderLine } from '../../orders/cart-line.ts';

export type AdminOrderSearchInput = z.output<typeof adminOrderSearchRequestSchema>;

const fullName = (user: Pick<UserRecord, 'first_name' | 'last_name' | 'username'> | undefined) =>
  [user?.first_name, user?.last_name].filter(Boolean).join(' ') || (user?.username ?? '');

export function buyerName(order: OrderRecord, user: UserRecord | undefined): string {
  if (order.guest) return `${order.guest.first_name} ${order.guest.last_name}`.trim();
  return user ? fullName(user) : '';
}

/** One row of /manage-orders (03 §2): commission and channel as stored on the order. */
export function toAdminOrderRow(order: AdminOrderRecord, user: UserRecord | undefined): AdminOrderRow {
  const discount = order.discount ?? 0;
  return {
    id: order.id,
    created_at: order.completed_at ?? order.created_at,
    order_no: order.order_no,
    seller_id: order.seller_id,
    seller_name: order.voucher.seller?.company?.name ?? order.voucher.seller?.username ?? '',
    user_name: buyerName(order, user),
    voucher_title: order.voucher.title,
    voucher_type: order.voucher.type,
    commission: typeof order.commission === 'number' ? order.commission : null,
    total_sales: order.total_amount - discount,
    total_value: order.total_value,
    total_amount: order.total_amount,
    discount,
    channel: order.channel,
    reversed: order.reversed === true,
    p_type: order.p_type ?? null,
    processing_fee: adminProcessingFee({ ...order, p_type: order.p_type ?? null }),
  };
}

async function buyersOf(
  deps: { users: Pick<Deps['users'], 'get'> },
  orders: OrderRecord[],
): Promise<Map<string, UserRecord>> {
  const ids = [...new Set(orders.flatMap((o) => (o.user_id && !o.guest ? [o.user_id] : [])))];
  const users = await Promise.all(ids.map((id) => deps.users.get(id)));
  return new Map(users.flatMap((u, i) => (u ? [[ids[i]!, u] as const] : [])));
}

/** Feed items a keyword search may count ahead per page view (≈ 500 orders ≈ one 1 MB Query page). */
export const COUNT_BUDGET = 500;

/**
 * Feed items a keyword search may read for one page (the same bound): a keyword that matches little
 * answers the rows found within it and a next_page_url to search further back.
 */
export const PAGE_READ_BUDGET = 500;

/** A whole order number (`GM-<yyyy>-<000001>`, lower-cased like the keyword). */
const ORDER_NO = /^gm-\d{4}-\d{6,}$/;

/**
 * POST order/search as admin (03 §2 /manage-orders): the `ORDERS` feed (GSI3, newest first), keyword
 * over `search_text` (order no., seller, buyer, voucher; lower case), 10 per page. next_page_url
 * carries `page` and `cursor`, so paging on reads one page; a numbered page without cursor walks there.
 * `total` (issue 15: never a COUNT of the whole feed): without a keyword the aggregator's row count
 * (one GetItem); with one, the matches counted ahead from the page's start within COUNT_BUDGET feed
 * items — exact when the feed ended within it, else a lower bound (`total_exact: false`, the table
 * says "mindestens") whose `last_page` grows as the admin pages on. A keyword that is a whole order
 * number is looked up by key instead (exact: that order, total 1).
 * The page read itself stops after PAGE_READ_BUDGET feed items too: a keyword matching little answers
 * the rows found so far, `total_exact: false` and a next_page_url (with `seen`) that searches on —
 * no request walks the whole feed.
 */
export async function searchAdminOrders(
  deps: Pick<Deps, 'orderAdmin'> & { users: Pick<Deps['users'], 'get'> },
  input: AdminOrderSearchInput,
  pageUrl: (page: number, cursor: string | undefined, seen?: number) => string,
): Promise<Paged<AdminOrderRow>> {
  const keyword = input.keyword?.trim().toLowerCase() || undefined;
  if (keyword && ORDER_NO.test(keyword)) {
    // A whole order number: its line by key (exact, two GetItems); unknown numbers search as text.
    const order = await deps.orderAdmin.getByOrderNo(keyword.toUpperCase());
    if (order?.status === 'completed') {
      const data = input.page === 1 ? [order] : [];
      const buyers = await buyersOf(deps, data);
      const rows = data.map((o) => toAdminOrderRow(o, o.user_id ? buyers.get(o.user_id) : undefined));
      return pageAnswer(rows, { page: input.page, perPage: input.paginate, total: 1, next: null });
    }
  }
  const page = await cursorPage({
    page: input.page,
    perPage: input.paginate,
    cursor: input.cursor,
    seen: input.seen,
    partition: {
      index: 'GSI3',
      pk: orderKeys.allOrders,
      item: (key) => key.PK.startsWith('ORDER#') && key.SK === 'ORDER',
    },
    read: (limit, start) => deps.orderAdmin.page(limit, keyword, start, PAGE_READ_BUDGET),
    total: keyword
      ? { ahead: (start) => deps.orderAdmin.countMatchesAhead(keyword, COUNT_BUDGET, start) }
      : { exact: () => deps.orderAdmin.countAll() },
    pageUrl,
  });
  const buyers = await buyersOf(deps, page.data);
  return { ...page, data: page.data.map((o) => toAdminOrderRow(o, o.user_id ? buyers.get(o.user_id) : undefined)) };
}

/** GET order/{id} (admin): the line with its payment, invoice numbers and user vouchers. */
export async function getAdminOrder(
  deps: Pick<Deps, 'orderAdmin' | 'paymentRecords' | 'userVouchers'> & { users: Pick<Deps['users'], 'get'> },
  orderId: string,
): Promise<AdminOrderDetails> {
  const order = await deps.orderAdmin.get(orderId);
  if (!order) throw new NotFoundError();
  const [user, payment, vouchers] = await Promise.all([
    order.user_id ? deps.users.get(order.user_id) : Promise.resolve(undefined),
    order.payment_id ? deps.paymentRecords.get(order.payment_id) : Promise.resolve(undefined),
    Promise.all((order.user_voucher_ids ?? []).map((id) => deps.userVouchers.get(id))),
  ]);
  return {
    ...toAdminOrderRow(order, user),
    status: order.status,
    qty: order.qty,
    value: order.value ?? null,
    is_gift: order.is_gift === true,
    subdomain: order.subdomain ?? null,
    buyer_email: order.guest?.email ?? user?.email ?? null,
    buyer_user_id: order.user_id ?? null,
    invoice_no: order.invoice_no ?? null,
    cancellation_invoice_no: order.cancellation_invoice_no ?? null,
    cancellation_mail_sent: Boolean(order.cancellation_mail_sent_at),
    reversed_at: order.reversed_at ?? null,
    refund_id: order.refund_id ?? null,
    refunded_amount: typeof order.refunded_amount === 'number' ? order.refunded_amount : null,
    seller_invoice_id: order.seller_invoice_id ?? null,
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          payment_type: payment.payment_type,
          amount: payment.amount,
          amount_refunded: payment.amount_refunded ?? null,
          coupon_code: payment.coupon_code ?? null,
          stripe_payment_intent_id: payment.stripe_payment_intent_id ?? null,
        }
      : null,
    vouchers: vouchers.flatMap((uv) =>
      uv
        ? [
            {
              id: uv.id,
              code: uv.code,
              status: uv.status,
              type: uv.type,
              qty: uv.qty,
              remaining_qty: uv.remaining_qty,
              value: uv.value,
              remaining_value: uv.remaining_value,
              valid_until: uv.valid_until,
            },
          ]
        : [],
    ),
  };
}

/** GET wallets (03 §7 "Wallets pending", admin): a user's unexpired cart lines, newest first. */
export async function listPendingWallets(
  deps: Pick<Deps, 'orders' | 'clock'>,
  userId: string,
): Promise<{ data: OrderLine[] }> {
  const lines = await deps.orders.listByOwner({ kind: 'user', userId }, 'pending', deps.clock());
  return { data: lines.map(toOrderLine) };
}

/** DELETE order/{id} by an admin: anyone's pending cart line; a completed order never (422). */
export async function deleteOrderAsAdmin(
  deps: Pick<Deps, 'orderAdmin' | 'audit' | 'clock' | 'newId'>,
  actorId: string,
  orderId: string,
): Promise<{ message: string }> {
  const deleted = await deps.orderAdmin.deletePending(orderId);
  if (deleted.outcome !== 'deleted') {
    if (deleted.outcome === 'missing') throw new NotFoundError();
    throw ValidationError.field('id', ADMIN_ORDER_TEXT.completedNotDeletable);
  }
  await deps.audit.put(
    auditEntry(deps, 'delete_order', { actor: actorId, target: deleted.owner }, { order_id: orderId }),
  );
  return { message: ADMIN_ORDER_TEXT.cartLineDeleted };
}
