import { voucherSchema } from '@gm/shared/catalogue/contracts';
import { ORDER_TEXT, type OrderLine } from '@gm/shared/orders/contracts';
import { GIFT_TEXT, type DirectSaleAnswer } from '@gm/shared/wallet/gift';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { VOUCHER_NOT_FOUND } from '../catalogue/get-voucher.ts';
import { assertSalesOpen } from '../orders/sales-pause.ts';
import { priceLine, toOrderLine } from '../orders/cart-line.ts';
import { staffSeller, unlockedStaffSeller } from './staff.ts';
import { assertOwnSellerActivated } from '../users/seller-gate.ts';

/**
 * Direct sale (02 §2 /vouchers-gift; data-model "Order", direct sale): sellers and their scanner users
 * give the seller's own vouchers away at the till, provision-free. Only vouchers whose display allows
 * direct sale (`all` or `direktverkauf`), active, not deleted, not employee vouchers.
 */
const sellable = (v: { deleted_at?: string | null; is_active: boolean; is_tourism?: boolean; display: string }) =>
  !v.deleted_at && v.is_active && !v.is_tourism && (v.display === 'all' || v.display === 'direktverkauf');

/** GET voucher/direct-sale: the seller's vouchers for direct sale, newest first, and whether the account is gift-locked. */
export async function listDirectSaleVouchers(
  deps: Pick<Deps, 'users'> & { vouchers: Pick<Deps['vouchers'], 'listBySeller'> },
  actor: Pick<Actor, 'userId' | 'role'>,
): Promise<DirectSaleAnswer> {
  const staff = await staffSeller(deps, actor);
  if (staff.giftLocked) return { data: [], gift_locked: true };
  const records = await deps.vouchers.listBySeller(staff.sellerId);
  const data = records
    .filter(sellable)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .map((record) => voucherSchema.parse(record));
  return { data, gift_locked: false };
}

/**
 * POST order/direct-sale: a pending gift line (channel direktverkauf) in the staff user's own cart,
 * priced by the server like any cart line. It completes at 'Bestellung abgeben' (order/gift-voucher).
 */
export async function addDirectSaleLine(
  deps: Pick<Deps, 'users' | 'orders' | 'salesPause' | 'clock' | 'newId'> & { vouchers: Pick<Deps['vouchers'], 'get'> },
  actor: Pick<Actor, 'userId' | 'role'>,
  input: { voucher_id: string; qty?: number | null | undefined; value?: number | null | undefined },
): Promise<{ data: OrderLine; message: string }> {
  await assertSalesOpen(deps);
  const staff = await unlockedStaffSeller(deps, actor);
  assertOwnSellerActivated(staff.seller);
  const stored = await deps.vouchers.get(input.voucher_id, true);
  if (!stored || stored.deleted_at) throw new NotFoundError(VOUCHER_NOT_FOUND);
  if (stored.seller_id !== staff.sellerId) throw new ForbiddenError(GIFT_TEXT.directSaleNotOwn);
  if (!sellable(stored))
    throw ValidationError.field('voucher_id', 'Dieser Gutschein ist nicht für den Direktverkauf freigegeben.');
  const voucher = voucherSchema.parse(stored);
  const totals = priceLine(voucher, input);
  const record = await deps.orders.addPending(
    { kind: 'user', userId: actor.userId },
    {
      id: deps.newId(),
      voucher_id: voucher.id,
      seller_id: voucher.seller_id,
      voucher,
      ...totals,
      channel: 'direktverkauf',
      subdomain: null,
      is_gift: true,
      created_at: deps.clock().toISOString(),
    },
  );
  return { data: toOrderLine(record), message: ORDER_TEXT.addedToCart };
}
