import { randomBytes, randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { invoiceKeys, orderKeys } from '../../functions/src/repositories/order-repository.ts';
import { redemptionKeys } from '../../functions/src/repositories/redemption-repository.ts';
import { sellerInvoiceKeys } from '../../functions/src/repositories/seller-invoice-keys.ts';
import { userVoucherKeys } from '../../functions/src/repositories/user-voucher-repository.ts';

/**
 * Items as the product writes them, for the accounting export tests (issue 12): completed orders
 * (GSI2 `SELLER#<id>#ORDERS`, GSI3 `ORDERS`), Stornorechnungen (`INVOICE#ST-…`, GSI1/GSI2), issued
 * seller invoices (`SELLER_INVOICE#…`, GSI1/GSI2/GSI3 per seller-invoice-keys.ts; the payout run that
 * writes them is built in parallel), user vouchers (GSI2 `SELLER#<id>#USER_VOUCHERS`) and
 * redemptions (GSI2 `SELLER#<id>#REDEMPTIONS`). Numbers carry a random tag so runs never collide.
 */
export const fixtureTag = () => randomBytes(3).toString('hex').toUpperCase();

type Item = Record<string, unknown>;

export function orderItem(o: {
  sellerId: string;
  orderNo: string;
  invoiceNo: string | null;
  completedAt: string;
  amount: number;
  discount?: number;
  commission: number;
  fee: number;
  direct?: boolean;
}): Item & { id: string } {
  const id = randomUUID();
  const sk = orderKeys.sortKey(o.completedAt, id);
  const paid = o.amount - (o.discount ?? 0);
  return {
    ...orderKeys.item(id),
    GSI2PK: orderKeys.sellerOrders(o.sellerId),
    GSI2SK: sk,
    GSI3PK: orderKeys.allOrders,
    GSI3SK: sk,
    entity: 'Order',
    id,
    status: 'completed',
    seller_id: o.sellerId,
    voucher_id: 'v-accounting',
    voucher: { title: 'Wellness für zwei', seller: { id: o.sellerId, username: 'x', company: { name: 'x' } } },
    qty: 1,
    value: o.amount,
    total_qty: 1,
    total_value: o.amount,
    total_amount: o.amount,
    discount: o.discount ?? 0,
    channel: o.direct ? 'direktverkauf' : 'marketplace',
    subdomain: null,
    is_gift: false,
    p_type: o.direct ? 'none' : 'stripe',
    order_no: o.orderNo,
    invoice_no: o.invoiceNo,
    commission: o.commission,
    processing_fee: o.fee,
    seller_net: paid - o.commission - o.fee,
    reversed: false,
    created_at: o.completedAt,
    updated_at: o.completedAt,
    completed_at: o.completedAt,
  };
}

export function cancellationItem(c: {
  sellerId: string;
  invoiceNo: string;
  cancels: string | null;
  order: { id: string; [key: string]: unknown };
  issuedAt: string;
  refund: number;
}): Item {
  const sk = `${c.issuedAt}#${c.invoiceNo}`;
  return {
    ...invoiceKeys.item(c.invoiceNo),
    GSI1PK: invoiceKeys.sellerInvoices(c.sellerId),
    GSI1SK: sk,
    GSI2PK: invoiceKeys.allInvoices,
    GSI2SK: sk,
    entity: 'Invoice',
    invoice_no: c.invoiceNo,
    order_id: c.order.id,
    order_no: c.order.order_no,
    seller_id: c.sellerId,
    seller: { name: 'x', address: null, vat_number: null },
    buyer: { name: 'Käuferin', email: 'k@example.test' },
    buyer_user_id: null,
    lines: [],
    discount: 0,
    multi_purpose: false,
    net: -Math.round(c.refund / 1.2),
    tax: -(c.refund - Math.round(c.refund / 1.2)),
    gross: -c.refund,
    cancels: c.cancels,
    issued_at: c.issuedAt,
  };
}

export function sellerInvoiceItem(s: {
  sellerId: string;
  invoiceNo: string;
  issuedAt: string;
  commission: number;
  commissionVat: number;
  fees: number;
  payout: number;
  transferStatus: 'pending' | 'paid' | 'completed' | 'manual' | 'none' | 'failed';
  paidAt: string | null;
}): Item {
  const id = randomUUID();
  const sk = sellerInvoiceKeys.sortKey(s.issuedAt, id);
  return {
    ...sellerInvoiceKeys.item(id),
    GSI1PK: sellerInvoiceKeys.sellerIndex(s.sellerId),
    GSI1SK: sk,
    GSI2PK: sellerInvoiceKeys.allIndex,
    GSI2SK: sk,
    GSI3PK: sellerInvoiceKeys.statusIndex(false),
    GSI3SK: sk,
    entity: 'SellerInvoice',
    id,
    invoice_no: s.invoiceNo,
    seller_id: s.sellerId,
    company_name: 'x',
    company_address: null,
    seller_email: null,
    iban: 'AT611904300234573201',
    bic: null,
    status: 'issued',
    period_start: null,
    period_end: s.issuedAt,
    issued_at: s.issuedAt,
    created_by: 'schedule',
    line_count: 1,
    gross: 0,
    commission: s.commission,
    commission_vat: s.commissionVat,
    processing_fees: s.fees,
    seller_net: 0,
    reversals: 0,
    adjustments: 0,
    carried_in: 0,
    balance: s.payout,
    carry_out: 0,
    payout: s.payout,
    email_sent: false,
    email_sent_at: null,
    transfer_status: s.transferStatus,
    stripe_transfer_id: s.transferStatus === 'paid' ? 'tr_test' : null,
    paid_at: s.paidAt,
    pdf_key: `seller-invoices/x/${s.invoiceNo}.pdf`,
    search_text: s.invoiceNo.toLowerCase(),
  };
}

export function userVoucherItem(u: {
  sellerId: string;
  createdAt: string;
  validUntil: string;
  remaining: number;
  status?: 'active' | 'redeemed' | 'reversed';
  reversedAt?: string;
}): Item & { id: string } {
  const id = randomUUID();
  return {
    ...userVoucherKeys.item(id),
    GSI2PK: userVoucherKeys.bySeller(u.sellerId),
    GSI2SK: `${u.createdAt}#${id}`,
    entity: 'UserVoucher',
    id,
    code: randomBytes(8).toString('hex'),
    order_id: 'o',
    order_no: 'GM',
    voucher_id: 'v',
    seller_id: u.sellerId,
    type: 'value',
    qty: 1,
    value: null,
    remaining_qty: 1,
    remaining_value: u.remaining,
    valid_until: u.validUntil,
    status: u.status ?? (u.remaining === 0 ? 'redeemed' : 'active'),
    ...(u.reversedAt ? { reversed_at: u.reversedAt } : {}),
    created_at: u.createdAt,
    acquired_at: u.createdAt,
    version: 1,
  };
}

export function redemptionItem(r: {
  sellerId: string;
  userVoucherId: string;
  value: number;
  at: string;
  revokedAt?: string;
}): Item {
  const id = randomUUID().replace(/-/g, '');
  return {
    ...redemptionKeys.item(id),
    GSI1PK: redemptionKeys.byUserVoucher(r.userVoucherId),
    GSI1SK: `${r.at}#${id}`,
    GSI2PK: redemptionKeys.bySeller(r.sellerId),
    GSI2SK: `${r.at}#${id}`,
    entity: 'Redemption',
    id,
    kind: 'voucher',
    user_voucher_id: r.userVoucherId,
    seller_id: r.sellerId,
    value: r.value,
    redeemed_value: r.value,
    is_revoked: Boolean(r.revokedAt),
    ...(r.revokedAt ? { revoked_at: r.revokedAt } : {}),
    created_at: r.at,
    updated_at: r.revokedAt ?? r.at,
  };
}

/** Puts the items (BatchWrite, 25 at a time). */
export async function putItems(items: readonly Item[]): Promise<void> {
  const db = documentClient();
  const table = env().TABLE_NAME;
  for (let i = 0; i < items.length; i += 25) {
    let pending: unknown[] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const answer = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = (answer.UnprocessedItems?.[table] as unknown[] | undefined) ?? [];
    }
  }
}
