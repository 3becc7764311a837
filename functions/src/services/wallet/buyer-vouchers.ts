import { paginate, type Paged } from '@gm/shared/api/paged';
import {
  BUYER_VOUCHER_TEXT,
  BUYER_VOUCHERS_PER_PAGE,
  type BuyerVoucher,
  type SaveBuyerVoucherInput,
} from '@gm/shared/wallet/buyer-voucher';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { BuyerVoucherRecord } from '../../repositories/buyer-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { designView, photoChange, resolveDesign } from './voucher-design.ts';

type BuyerVoucherDeps = Pick<Deps, 'buyerVouchers' | 'templates' | 'uploads' | 'newToken' | 'clock'>;

/**
 * POST buyer-voucher/{id} (01 §7): the designer picks the id (a UUID) when it opens; version 0
 * creates the voucher (put if new), a later version updates it if the caller owns it and nobody
 * saved since (else 409). Someone else's voucher answers 404, like a missing one.
 */
export async function saveBuyerVoucher(
  deps: BuyerVoucherDeps,
  actor: Actor,
  id: string,
  input: SaveBuyerVoucherInput,
): Promise<BuyerVoucher> {
  const now = deps.clock().toISOString();
  const folder = `buyer-vouchers/${id}`;
  if (input.version === 0) {
    const existing = await deps.buyerVouchers.get(id);
    if (existing)
      throw existing.owner_user_id === actor.userId
        ? new ConflictError(BUYER_VOUCHER_TEXT.stale)
        : new NotFoundError(BUYER_VOUCHER_TEXT.notFound);
    const design = await resolveDesign(deps, actor, { ...input, price_hidden: true }, undefined, folder, now);
    const record: BuyerVoucherRecord = {
      id,
      creator_user_id: actor.userId,
      owner_user_id: actor.userId,
      from_name: input.from,
      title: input.title,
      description: input.description,
      personalisation: design,
      created_at: now,
      updated_at: now,
      version: 1,
    };
    const created = await deps.buyerVouchers.create(record).catch(async (error: unknown) => {
      await deps.uploads.discard([design.custom_image], 'buyer voucher: create failed');
      throw error;
    });
    if (!created) {
      await deps.uploads.discard([design.custom_image], 'buyer voucher: create refused');
      throw new ConflictError(BUYER_VOUCHER_TEXT.stale);
    }
    return toView(deps, actor, record);
  }
  const current = await own(deps, actor, id);
  if (current.version !== input.version) throw new ConflictError(BUYER_VOUCHER_TEXT.stale);
  const design = await resolveDesign(
    deps,
    actor,
    { ...input, price_hidden: true },
    current.personalisation,
    folder,
    now,
  );
  const changes = {
    from_name: input.from,
    title: input.title,
    description: input.description,
    personalisation: design,
    updated_at: now,
  };
  const { published, replaced } = photoChange(current.personalisation, design);
  const version = await deps.buyerVouchers
    .update(id, actor.userId, input.version, changes)
    .catch(async (error: unknown) => {
      await deps.uploads.discard([published], 'buyer voucher: save failed');
      throw error;
    });
  if (version === undefined) {
    await deps.uploads.discard([published], 'buyer voucher: save refused');
    await own(deps, actor, id);
    throw new ConflictError(BUYER_VOUCHER_TEXT.stale);
  }
  // Saved against the version read: the replaced photo is referenced nowhere else (docs/decisions/platform.md, replaced images).
  await deps.uploads.discard([replaced], 'buyer voucher: photo replaced');
  return toView(deps, actor, { ...current, ...changes, version });
}

/** GET buyer-voucher/{id}: owner only. */
export async function getBuyerVoucher(
  deps: Pick<Deps, 'buyerVouchers' | 'templates'>,
  actor: Actor,
  id: string,
): Promise<BuyerVoucher> {
  return toView(deps, actor, await own(deps, actor, id));
}

/** GET buyer-voucher: the caller's buyer-designed vouchers (/wallet/vouchers), newest first, 9 per page. */
export async function listBuyerVouchers(
  deps: Pick<Deps, 'buyerVouchers' | 'templates'>,
  actor: Actor,
  query: { page: number; paginate: number },
  pageUrl: (page: number) => string,
): Promise<Paged<BuyerVoucher>> {
  const all = await deps.buyerVouchers.listByOwner(actor.userId);
  const page = paginate(all, query.page, query.paginate || BUYER_VOUCHERS_PER_PAGE, pageUrl);
  return { ...page, data: await Promise.all(page.data.map((record) => toView(deps, actor, record))) };
}

export async function ownBuyerVoucher(
  deps: Pick<Deps, 'buyerVouchers'>,
  actor: Actor,
  id: string,
): Promise<BuyerVoucherRecord> {
  return own(deps, actor, id);
}

async function own(deps: Pick<Deps, 'buyerVouchers'>, actor: Actor, id: string): Promise<BuyerVoucherRecord> {
  const record = await deps.buyerVouchers.get(id);
  if (!record || record.owner_user_id !== actor.userId) throw new NotFoundError(BUYER_VOUCHER_TEXT.notFound);
  return record;
}

async function toView(deps: Pick<Deps, 'templates'>, actor: Actor, record: BuyerVoucherRecord): Promise<BuyerVoucher> {
  return {
    id: record.id,
    from: record.from_name,
    voucher: { type: 'buyer', title: record.title, description: record.description },
    personalisation: (await designView(deps, record.personalisation))!,
    is_creator: record.creator_user_id === actor.userId,
    created_at: record.created_at,
    updated_at: record.updated_at,
    version: record.version,
  };
}
