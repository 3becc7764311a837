import type { Redemption, ScannedVoucher } from '@gm/shared/redemption/contracts';
import type { RedemptionRecord } from '../../repositories/redemption-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';

export function toApiRedemption(record: RedemptionRecord): Redemption {
  return {
    id: record.id,
    redemption_no: record.redemption_no,
    user_voucher_id: record.user_voucher_id,
    order_id: record.order_id,
    order_no: record.order_no,
    voucher_id: record.voucher_id,
    seller_id: record.seller_id,
    title: record.title,
    type: record.type,
    value: record.value,
    qty: record.qty,
    redeemed_value: record.redeemed_value,
    scanned_by: record.scanned_by,
    channel: record.channel,
    is_revoked: record.is_revoked === true,
    revoked_at: record.revoked_at ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    order: { id: record.order_id, order_no: record.order_no },
  };
}

/** Cents per unit of a product voucher: the face value sold (`qty_val`), else what is left per unit. */
export function unitValue(uv: UserVoucherRecord): number {
  if (typeof uv.voucher.qty_val === 'number') return uv.voucher.qty_val;
  return uv.remaining_qty > 0 ? Math.round(uv.remaining_value / uv.remaining_qty) : 0;
}

export function toScannedVoucher(uv: UserVoucherRecord, today: string): ScannedVoucher {
  return {
    id: uv.id,
    order_id: uv.order_id,
    order_no: uv.order_no,
    voucher_id: uv.voucher_id,
    title: uv.voucher.title,
    type: uv.type,
    remaining_value: uv.remaining_value,
    remaining_qty: uv.remaining_qty,
    unit_value: uv.type === 'quantity' ? unitValue(uv) : null,
    valid_until: uv.valid_until,
    expired: uv.valid_until < today,
    status: uv.status,
    owner_name: uv.from_name ?? null,
    image: uv.voucher.background_image ?? null,
    voucher_usage: uv.voucher_usage ?? 'multiple',
  };
}
