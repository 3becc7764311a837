import { randomUUID } from 'node:crypto';
import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { GIFT_TEXT, type GiftVoucherAnswer, type GiftVoucherInput, type GiftedVoucher } from '@gm/shared/wallet/gift';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay, viennaYear } from '@gm/shared/dates/vienna-range';
import { shareLinkUrl } from '@gm/shared/wallet/transfer';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { GiftRecord } from '../../repositories/gift-repository.ts';
import { orderKeys, type OrderRecord } from '../../repositories/order-repository.ts';
import type { TransferRecord } from '../../repositories/transfer-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { newUserVoucher, standardValidUntil } from '../orders/new-user-voucher.ts';
import { linkExpiry, newTransferCode } from '../wallet/share-links.ts';
import { voucherPdfFor } from '../wallet/voucher-pdf.ts';
import { staffSeller, unlockedStaffSeller } from './staff.ts';
import { notifySellerOfSale } from '../seller-mails/sale-notice.ts';
import { assertOwnSellerActivated } from '../users/seller-gate.ts';

/**
 * POST order/gift-voucher (01 §2 "Gift cart", §4 "Gift types"; 02 §2 "Direct sale"; data-model
 * "Gift", §4.5 "Gift"). The giver is the buyer of a paid gift line, or the staff user (seller, or a
 * scanner for its seller) of a pending direct-sale line, which completes here without a payment
 * (channel direktverkauf, p_type none, commission 0; its counters follow from the stream). Once per order: the conditional Put
 * of `ORDER#…/GIFT` is the claim; then one transaction per unit (bulk: one voucher per unit), then the
 * gift is marked done together with the line's `user_voucher_ids`. Wallet gifts are owned by the chosen
 * buyer; e-mail and PDF gifts are unclaimed (e-mail: a transfer link loads them into a wallet).
 */
export type GiftDeps = Pick<
  Deps,
  | 'orders'
  | 'gifts'
  | 'userVouchers'
  | 'transfers'
  | 'users'
  | 'vouchers'
  | 'companies'
  | 'templates'
  | 'mediaReader'
  | 'mailQueue'
  | 'clock'
  | 'newId'
  | 'appUrl'
  | 'sellerMails'
  | 'log'
  | 'metrics'
>;

/** A run holds the gift this long; a run that died is taken over after it. */
const LEASE_MS = 2 * 60_000;

/** What one gifted voucher holds: the whole line, or (bulk) one unit each; face values split without losing a cent. */
export function giftUnits(
  order: Pick<OrderRecord, 'qty' | 'value' | 'total_qty' | 'total_value' | 'voucher'>,
  bulk: boolean,
) {
  if (!bulk || order.qty <= 1)
    return [{ qty: order.qty, value: order.value, remaining_qty: order.total_qty, remaining_value: order.total_value }];
  const n = order.qty;
  if (order.voucher.type === 'value' && order.value !== null)
    return Array.from({ length: n }, () => ({
      qty: 1,
      value: order.value,
      remaining_qty: 1,
      remaining_value: order.value!,
    }));
  const share = Math.floor(order.total_value / n);
  return Array.from({ length: n }, (_, i) => ({
    qty: 1,
    value: null,
    remaining_qty: 1,
    remaining_value: i === n - 1 ? order.total_value - share * (n - 1) : share,
  }));
}

/** The line, if the caller may give it: the buyer's paid gift line, or the staff user's direct-sale line of its seller. */
export async function giftableOrder(
  deps: Pick<GiftDeps, 'orders' | 'users'>,
  actor: Pick<Actor, 'userId' | 'role'>,
  orderId: string,
): Promise<{ order: OrderRecord; direct: boolean }> {
  const order = await deps.orders.get(orderId);
  if (!order || order.user_id !== actor.userId) throw new NotFoundError(GIFT_TEXT.orderNotFound);
  const direct = order.channel === 'direktverkauf';
  if (direct) {
    const staff = await staffSeller(deps, actor);
    if (staff.sellerId !== order.seller_id) throw new NotFoundError(GIFT_TEXT.orderNotFound);
  } else {
    if (actor.role !== 'user') throw new NotFoundError(GIFT_TEXT.orderNotFound);
    if (!order.is_gift) throw ValidationError.field('order_id', GIFT_TEXT.notAGift);
  }
  if (order.reversed) throw ValidationError.field('order_id', GIFT_TEXT.reversed);
  return { order, direct };
}

function toGifted(uv: UserVoucherRecord): GiftedVoucher {
  return {
    id: uv.id,
    order_id: uv.order_id,
    voucher: uv.voucher,
    type: uv.type,
    qty: uv.qty,
    value: uv.value,
    remaining_value: uv.remaining_value,
    valid_until: uv.valid_until,
    price_hidden: uv.personalisation?.price_hidden ?? false,
    voucher_usage: uv.voucher_usage ?? 'multiple',
  };
}

async function giverName(
  deps: Pick<GiftDeps, 'users' | 'companies'>,
  actor: Pick<Actor, 'userId' | 'role'>,
  sellerId: string | null,
): Promise<string | null> {
  if (sellerId) {
    const company = await deps.companies.getBySeller(sellerId);
    if (company?.name) return company.name;
    return (await deps.users.get(sellerId))?.username ?? null;
  }
  const me = await deps.users.get(actor.userId);
  if (!me) return null;
  return [me.first_name, me.last_name].filter(Boolean).join(' ') || me.username;
}

export async function giveGift(
  deps: GiftDeps,
  actor: Pick<Actor, 'userId' | 'role'>,
  input: GiftVoucherInput,
): Promise<GiftVoucherAnswer> {
  const { order, direct } = await giftableOrder(deps, actor, input.order_id);
  const staff = direct ? await unlockedStaffSeller(deps, actor) : undefined;
  // A direct sale completes here: the seller must (still) be activated (issue 11). A buyer's paid gift is delivered.
  if (staff) assertOwnSellerActivated(staff.seller);
  if (!direct && order.status !== 'completed') throw ValidationError.field('order_id', GIFT_TEXT.notPaid);
  const now = deps.clock();

  // A gift that exists already: done → nothing more; the giver's own run that died → take it over.
  const existing = await deps.gifts.get(order.id);
  if (existing) return resume(deps, actor, order, direct, existing);

  let recipientUsername: string | null = null;
  if (input.giftType.includes('wallet')) {
    const recipient = input.user_id ? await deps.users.get(input.user_id) : undefined;
    if (!recipient || recipient.role !== 'user' || recipient.deleted_at)
      throw ValidationError.field('user_id', GIFT_TEXT.recipientNotFound);
    if (recipient.id === actor.userId) throw ValidationError.field('user_id', GIFT_TEXT.notYourself);
    recipientUsername = recipient.username;
  }
  const latest = standardValidUntil(order, order.completed_at ?? now);
  if (input.expirationDate) {
    if (input.expirationDate < viennaDay(now)) throw ValidationError.field('expirationDate', GIFT_TEXT.expirationPast);
    if (input.expirationDate > latest)
      throw ValidationError.field('expirationDate', GIFT_TEXT.expirationTooLate(formatDate(`${latest}T12:00:00Z`)));
  }
  const bulk = input.isBulk && order.qty > 1;
  const units = giftUnits(order, bulk);
  const gift: GiftRecord = {
    order_id: order.id,
    requested_by: actor.userId,
    gift_types: input.giftType,
    email: input.email,
    recipient_user_id: input.user_id,
    recipient_username: recipientUsername,
    price_hidden: input.priceHidden,
    expiration_date: input.expirationDate ?? null,
    voucher_usage: input.voucherUsage,
    is_bulk: bulk,
    user_voucher_ids: units.map(() => deps.newId()),
    from_name: await giverName(deps, actor, staff?.sellerId ?? null),
    state: 'issuing',
    claim_token: randomUUID(),
    lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
    created_at: now.toISOString(),
    delivered_at: null,
  };
  const claim = await deps.gifts.claim(gift);
  if (!claim.claimed) {
    if (!claim.existing) throw new ConflictError(GIFT_TEXT.inProgress);
    return resume(deps, actor, order, direct, claim.existing);
  }
  return run(deps, order, direct, gift);
}

/** A second call for the same order: nothing more once done; the same giver may finish a run that died. */
async function resume(
  deps: GiftDeps,
  actor: Pick<Actor, 'userId'>,
  order: OrderRecord,
  direct: boolean,
  existing: GiftRecord,
): Promise<GiftVoucherAnswer> {
  if (existing.state === 'done' || existing.requested_by !== actor.userId)
    throw ValidationError.field('order_id', GIFT_TEXT.alreadyGifted);
  const now = deps.clock();
  if (existing.lease_until >= now.toISOString()) throw new ConflictError(GIFT_TEXT.inProgress);
  const token = randomUUID();
  const taken = await deps.gifts.takeOver(
    order.id,
    existing.claim_token,
    token,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  if (!taken) throw new ConflictError(GIFT_TEXT.inProgress);
  const fresh = await deps.orders.get(order.id);
  return run(deps, fresh ?? order, direct, { ...existing, claim_token: token });
}

async function run(deps: GiftDeps, order: OrderRecord, direct: boolean, gift: GiftRecord): Promise<GiftVoucherAnswer> {
  try {
    const issued = await issueUnits(deps, order, direct, gift);
    await deliver(deps, order, gift, issued);
    const at = deps.clock().toISOString();
    if (!(await deps.gifts.finish(order.id, gift.claim_token, gift.user_voucher_ids, at)))
      throw new ConflictError(GIFT_TEXT.inProgress);
    // A direct sale is a sale of the seller's: its notice after the sale committed (issue 12; once per order).
    if (direct) {
      const completed = await deps.orders.get(order.id);
      if (completed) await notifySellerOfSale(deps, completed);
    }
    const answer = issued.map(toGifted);
    return { message: GIFT_TEXT.success, user_voucher: gift.is_bulk ? answer : answer[0]! };
  } catch (error) {
    // Whatever was written stays (each unit is whole); the giver's retry resumes at once.
    await deps.gifts.release(order.id, gift.claim_token, deps.clock().toISOString()).catch(() => undefined);
    throw error;
  }
}

/** One transaction per unit; a unit that exists (a resumed run) is read, not written again. */
async function issueUnits(
  deps: GiftDeps,
  order: OrderRecord,
  direct: boolean,
  gift: GiftRecord,
): Promise<UserVoucherRecord[]> {
  const units = giftUnits(order, gift.is_bulk);
  const now = deps.clock();
  const at = now.toISOString();
  let orderNo = order.order_no;
  let pendingDirect = direct && order.status === 'pending';
  if (pendingDirect) orderNo = await deps.orders.nextOrderNo(viennaYear(now));
  const sentVia = gift.gift_types.includes('email')
    ? 'email'
    : gift.gift_types.includes('pdf')
      ? 'voucher_download'
      : null;
  const out: UserVoucherRecord[] = [];
  for (const [index, amounts] of units.entries()) {
    const id = gift.user_voucher_ids[index]!;
    const stored = await deps.userVouchers.get(id);
    if (stored) {
      out.push(stored);
      pendingDirect = false;
      continue;
    }
    const record: UserVoucherRecord = {
      ...newUserVoucher({
        id,
        order,
        orderNo: orderNo ?? '',
        amounts,
        owner:
          gift.gift_types.includes('wallet') && gift.recipient_user_id
            ? { owner_user_id: gift.recipient_user_id }
            : null,
        at,
        ...(gift.expiration_date
          ? { validUntil: gift.expiration_date }
          : { validUntil: standardValidUntil(order, order.completed_at ?? now) }),
        appUrl: deps.appUrl,
      }),
      sent_via: sentVia,
      voucher_usage: gift.voucher_usage,
      gift_order_id: order.id,
      ...(gift.from_name ? { from_name: gift.from_name } : {}),
      personalisation: {
        template_id: null,
        custom_image: null,
        custom_background_image: null,
        background_aid: null,
        text_color: null,
        note: null,
        price_hidden: gift.price_hidden,
        updated_at: at,
      },
    };
    const link: TransferRecord | undefined = gift.gift_types.includes('email')
      ? {
          code: newTransferCode(),
          kind: 'user_voucher',
          target_id: id,
          from_user_id: null,
          ...(gift.email ? { email: gift.email } : {}),
          created_at: at,
          expires_at: linkExpiry(record.valid_until),
        }
      : undefined;
    if (link) record.transfer_code = link.code;
    const parts = [...deps.userVouchers.issueParts(record), ...(link ? deps.transfers.putParts(link) : [])];
    // Issue 11: no unit once a reversal claimed or reversed the order (the gift's own check above may be stale).
    // The pending direct sale's first unit completes the line in the same transaction (never reversing then).
    if (!pendingDirect) parts.push(deps.userVouchers.orderNotReversingPart(order.id));
    if (pendingDirect) {
      // The direct sale completes with its first unit: line, order number, voucher and the sale's counters.
      const outcome = await deps.orders.completeLine(
        {
          orderId: order.id,
          owner: { kind: 'user', userId: order.user_id! },
          pType: 'none',
          completedAt: at,
          orderNo: orderNo!,
          sellerId: order.seller_id,
          ordersKey: orderKeys.userOrders(order.user_id!),
          amounts: {
            qty: order.qty,
            value: order.value,
            total_qty: order.total_qty,
            total_value: order.total_value,
            total_amount: order.total_amount,
          },
          discount: 0,
          commission: 0,
          processingFee: 0,
          sellerNet: 0,
          userVoucherIds: gift.user_voucher_ids,
          searchText: [
            orderNo,
            order.voucher.seller?.username,
            order.voucher.seller?.company?.name,
            'direktverkauf',
            order.voucher.title,
          ]
            .filter(Boolean)
            .join(' ')
            .toLowerCase(),
        },
        parts,
      );
      pendingDirect = false;
      if (outcome === 'already_completed') {
        // Completed meanwhile by another run of this gift (it wrote this unit too) — or gone.
        const again = await deps.userVouchers.get(id);
        if (!again) throw new ConflictError(GIFT_TEXT.inProgress);
        out.push(again);
        continue;
      }
      deps.metrics.count('VouchersIssued');
      out.push(record);
      continue;
    }
    if (!(await deps.gifts.writeUnit(parts))) {
      const again = await deps.userVouchers.get(id);
      if (!again) {
        const now = (await deps.orders.get(order.id)) as (OrderRecord & { reversal_claim?: string }) | undefined;
        if (now?.reversed || now?.reversal_claim) throw ValidationError.field('order_id', GIFT_TEXT.reversed);
        throw new ConflictError(GIFT_TEXT.inProgress);
      }
      out.push(again);
      continue;
    }
    deps.metrics.count('VouchersIssued');
    out.push(record);
  }
  return out;
}

/** E-mail gifts: one mail per unit with the voucher PDF and the link that loads it into a wallet. */
async function deliver(
  deps: GiftDeps,
  order: OrderRecord,
  gift: GiftRecord,
  issued: UserVoucherRecord[],
): Promise<void> {
  if (!gift.gift_types.includes('email') || !gift.email) return;
  for (const [index, uv] of issued.entries()) {
    const pdf = await voucherPdfFor(deps, uv);
    const link = uv.transfer_code ? shareLinkUrl(deps.appUrl, 'user_voucher', uv.transfer_code) : null;
    await deps.mailQueue.enqueue({
      kind: 'mail',
      mail: {
        to: gift.email,
        subject: issued.length > 1 ? `${GIFT_TEXT.mailSubject} (${index + 1}/${issued.length})` : GIFT_TEXT.mailSubject,
        text: [
          'Hallo,',
          '',
          `${gift.from_name ?? 'Jemand'} schenkt dir einen Gutschein: ${order.voucher.title}.`,
          '',
          'Im Anhang findest du den Gutschein als PDF zum Ausdrucken oder Vorzeigen.',
          ...(link ? ['', `Mit diesem Link lädst du ihn in deine Wallet (Anmeldung nötig):`, link] : []),
          '',
          `Gültig bis ${formatDate(`${uv.valid_until}T12:00:00Z`)}.`,
          `${BALANCE_TEXT.linkLabel}: ${balanceCheckUrl(deps.appUrl, uv.code)}`,
        ].join('\n'),
        attachments: [
          { filename: giftPdfFilename(index, issued.length), contentType: 'application/pdf', content: pdf },
        ],
      },
    });
  }
}

export const giftPdfFilename = (index: number, count: number) =>
  count > 1 ? `Gutschein-${index + 1}.pdf` : 'Gutschein.pdf';
