import { GIFT_TEXT, type GiftOrderAnswer, type GiftView } from '@gm/shared/wallet/gift';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { GiftRecord } from '../../repositories/gift-repository.ts';
import type { Deps } from '../deps.ts';
import { toOrderLine } from '../orders/cart-line.ts';
import { standardValidUntil } from '../orders/new-user-voucher.ts';
import { voucherPdfFor } from '../wallet/voucher-pdf.ts';
import { giftableOrder, giftPdfFilename } from './gift-voucher.ts';

export function toGiftView(gift: GiftRecord): GiftView {
  return {
    gift_types: gift.gift_types,
    email: gift.email,
    recipient_username: gift.recipient_username,
    price_hidden: gift.price_hidden,
    expiration_date: gift.expiration_date,
    voucher_usage: gift.voucher_usage,
    is_bulk: gift.is_bulk,
    user_voucher_ids: gift.state === 'done' ? gift.user_voucher_ids : [],
    state: gift.state,
    delivered_at: gift.delivered_at,
  };
}

/** GET order/gift-voucher/{orderId}: what the gift page shows (only to the giver; others get 404). */
export async function getGiftOrder(
  deps: Pick<Deps, 'orders' | 'users' | 'gifts' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'role'>,
  orderId: string,
): Promise<GiftOrderAnswer> {
  const { order, direct } = await giftableOrder(deps, actor, orderId);
  const gift = await deps.gifts.get(order.id);
  const canGift = !gift && (direct ? order.status === 'pending' : order.status === 'completed');
  return {
    order: toOrderLine(order),
    gift: gift ? toGiftView(gift) : null,
    valid_until: standardValidUntil(order, order.completed_at ?? deps.clock()),
    can_gift: canGift,
  };
}

/** POST order/download-gift-voucher: the PDF of one unit of a printed gift ('Ausgedruckt'), for its giver. */
export async function downloadGiftVoucher(
  deps: Pick<
    Deps,
    'orders' | 'users' | 'gifts' | 'userVouchers' | 'companies' | 'vouchers' | 'templates' | 'mediaReader'
  >,
  actor: Pick<Actor, 'userId' | 'role'>,
  input: { order_id: string; id: string },
): Promise<{ pdf: Uint8Array; filename: string }> {
  const { order } = await giftableOrder(deps, actor, input.order_id);
  const gift = await deps.gifts.get(order.id);
  const index = gift?.user_voucher_ids.indexOf(input.id) ?? -1;
  if (
    !gift ||
    gift.state !== 'done' ||
    !gift.gift_types.includes('pdf') ||
    gift.requested_by !== actor.userId ||
    index < 0
  )
    throw new NotFoundError(GIFT_TEXT.orderNotFound);
  const uv = await deps.userVouchers.get(input.id);
  if (!uv || uv.order_id !== order.id) throw new NotFoundError(GIFT_TEXT.orderNotFound);
  return { pdf: await voucherPdfFor(deps, uv), filename: giftPdfFilename(index, gift.user_voucher_ids.length) };
}

/** GET user/user-filter (role user, keyword): buyers to gift to, by username prefix; never the caller. Ids and usernames only. */
export async function filterUsers(
  deps: Pick<Deps, 'users'>,
  actor: Pick<Actor, 'userId'>,
  keyword: string,
): Promise<{ id: string; username: string }[]> {
  // No list of everybody: the search starts with the first character typed.
  if (!keyword.trim()) return [];
  const found = await deps.users.listByRole('user', keyword, 21);
  return found
    .filter((u) => u.id !== actor.userId)
    .slice(0, 20)
    .map((u) => ({ id: u.id, username: u.username }));
}
