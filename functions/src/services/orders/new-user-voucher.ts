import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { validUntil } from '@gm/shared/dates/format';
import type { OrderRecord } from '../../repositories/order-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { newVoucherCode, voucherQrUrl } from './voucher-code.ts';

/**
 * The one place a user voucher record is built from an order line (data-model "UserVoucher"): used by
 * the order completion (services/orders/complete-payment.ts, one voucher per paid line) and by gifts
 * (services/gifts/gift-voucher.ts, one voucher per unit when bulk). The caller puts it with
 * `userVouchers.issueParts()` inside its own transaction.
 */
export type NewUserVoucherInput = {
  id: string;
  order: Pick<OrderRecord, 'id' | 'voucher_id' | 'seller_id' | 'voucher'>;
  orderNo: string;
  /** What this voucher holds: `qty`/`value` as sold per unit, the remaining amounts it starts with. */
  amounts: { qty: number; value: number | null; remaining_qty: number; remaining_value: number };
  owner: { owner_user_id: string } | { owner_guest_email: string } | null;
  /** ISO time of issue. */
  at: string;
  /** yyyy-mm-dd; defaults to the voucher's validity from the time of issue. */
  validUntil?: string;
  appUrl: string;
};

/** The normal end of validity of a voucher issued at `at` (its `expiry_date` in years). */
export function standardValidUntil(order: Pick<OrderRecord, 'voucher'>, at: Date | string): string {
  return validUntil(at, order.voucher.expiry_date ?? 1);
}

export function newUserVoucher(input: NewUserVoucherInput): UserVoucherRecord {
  const code = newVoucherCode();
  return {
    id: input.id,
    code,
    qr: voucherQrUrl(input.appUrl, code),
    order_id: input.order.id,
    order_no: input.orderNo,
    voucher_id: input.order.voucher_id,
    seller_id: input.order.seller_id,
    voucher: toVoucherCard(input.order.voucher),
    type: input.order.voucher.type,
    qty: input.amounts.qty,
    value: input.amounts.value,
    remaining_qty: input.amounts.remaining_qty,
    remaining_value: input.amounts.remaining_value,
    valid_until: input.validUntil ?? standardValidUntil(input.order, input.at),
    ...(input.owner ?? {}),
    status: 'active',
    sent_via: null,
    acquired_at: input.at,
    created_at: input.at,
    version: 1,
  };
}
