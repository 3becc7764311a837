import { randomBytes } from 'node:crypto';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { TransferRecord } from '../../repositories/transfer-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import { TRANSFER_TEXT, shareLinkUrl, type ShareLinkPreview } from '@gm/shared/wallet/transfer';
import { newVoucherCode, voucherQrUrl } from '../orders/voucher-code.ts';
import type { Deps } from '../deps.ts';

/**
 * Share links and receiving them (01 §2 "Share as link", "Receiving a gift"; §4 "Transfer";
 * docs/data-model.md §4.5 "Create share link", "Receive").
 */
export type TransferDeps = Pick<Deps, 'userVouchers' | 'transfers' | 'users' | 'clock' | 'appUrl'>;

/** base64url of 16 random bytes (128 bit, docs/data-model.md §1 "Secrets and codes"). */
export function newTransferCode(random: (size: number) => Uint8Array = randomBytes): string {
  return Buffer.from(random(16)).toString('base64url');
}

/** A link lives as long as the voucher is valid: until the end of `valid_until` (Vienna ≈ UTC+1/+2, so 23:59:59Z is safely after). */
export function linkExpiry(validUntil: string): number {
  const end = Date.parse(`${validUntil}T23:59:59.000Z`);
  return Number.isFinite(end) ? Math.floor(end / 1000) : Math.floor(Date.now() / 1000) + 4 * 365 * 86_400;
}

const MAX_ATTEMPTS = 4;

/** The caller's active voucher, else 404 (someone else's voucher looks like a missing one). */
export async function ownActiveUserVoucher(
  deps: Pick<Deps, 'userVouchers'>,
  userId: string,
  id: string,
): Promise<UserVoucherRecord> {
  const voucher = await deps.userVouchers.get(id);
  if (!voucher || voucher.owner_user_id !== userId) throw new NotFoundError();
  if (voucher.status !== 'active')
    throw ValidationError.field(
      'id',
      voucher.status === 'reversing' ? TRANSFER_TEXT.reversing : TRANSFER_TEXT.notTransferable,
    );
  return voucher;
}

/**
 * Opens a new link for the caller's user voucher (replacing the open one, if any) in one transaction.
 * `email` is stored when the link is mailed; `sentVia` is written with it. Retries when a concurrent
 * link creation changed `transfer_code` between our read and write.
 */
export async function openUserVoucherLink(
  deps: TransferDeps,
  actor: Pick<Actor, 'userId'>,
  userVoucherId: string,
  options: { email?: string; sentVia?: 'email' } = {},
): Promise<{ code: string; url: string; voucher: UserVoucherRecord }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const voucher = await ownActiveUserVoucher(deps, actor.userId, userVoucherId);
    const record: TransferRecord = {
      code: newTransferCode(),
      kind: 'user_voucher',
      target_id: voucher.id,
      from_user_id: actor.userId,
      ...(options.email ? { email: options.email } : {}),
      created_at: deps.clock().toISOString(),
      expires_at: linkExpiry(voucher.valid_until),
    };
    const outcome = await deps.transfers.createUserVoucherLink({
      record,
      ownerUserId: actor.userId,
      previousCode: voucher.transfer_code ?? null,
      ...(options.sentVia ? { sentVia: options.sentVia } : {}),
    });
    if (outcome === 'created')
      return { code: record.code, url: shareLinkUrl(deps.appUrl, 'user_voucher', record.code), voucher };
  }
  throw new ConflictError(TRANSFER_TEXT.busy);
}

/** POST transfer-url: a fresh share link for the caller's voucher. */
export async function createShareLink(deps: TransferDeps, actor: Pick<Actor, 'userId'>, input: { id: string }) {
  const { code, url } = await openUserVoucherLink(deps, actor, input.id);
  return { transfer_url: { url_code: code, url } };
}

function previewOf(voucher: UserVoucherRecord): ShareLinkPreview {
  const seller = voucher.voucher.seller;
  return {
    kind: 'user_voucher',
    id: voucher.id,
    title: voucher.voucher.title,
    seller_name: seller?.company?.name ?? seller?.username ?? null,
    background_image: voucher.voucher.background_image ?? null,
    type: voucher.type,
    from_name: voucher.from_name ?? null,
    valid_until: voucher.valid_until,
  };
}

async function openLink(deps: Pick<Deps, 'transfers' | 'clock'>, code: string): Promise<TransferRecord> {
  const transfer = await deps.transfers.get(code, Math.floor(deps.clock().getTime() / 1000));
  if (!transfer || transfer.kind !== 'user_voucher') throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  return transfer;
}

/** GET transfer/{id}: what the share link's page shows before receiving (card and title only, public). */
export async function previewShareLink(
  deps: Pick<Deps, 'transfers' | 'userVouchers' | 'clock'>,
  code: string,
): Promise<ShareLinkPreview> {
  const transfer = await openLink(deps, code);
  const voucher = await deps.userVouchers.get(transfer.target_id);
  if (!voucher || voucher.transfer_code !== code || voucher.status !== 'active')
    throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  return previewOf(voucher);
}

function displayName(
  user: { first_name: string | null; last_name?: string | null; username: string } | undefined,
): string | null {
  if (!user) return null;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.username || null;
}

/**
 * POST transfer: the logged-in buyer takes the voucher behind the link. One transaction (§4.5
 * "Receive"); the loser of a race, a second opener and a replaced link all get `linkInvalid` and
 * nothing changes. The giver opening their own link gets a 422.
 */
export async function receiveTransfer(
  deps: TransferDeps,
  actor: Pick<Actor, 'userId'>,
  code: string,
): Promise<{ message: string; data: ShareLinkPreview }> {
  const transfer = await openLink(deps, code);
  const voucher = await deps.userVouchers.get(transfer.target_id);
  if (!voucher || voucher.transfer_code !== code) throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  if (voucher.owner_user_id === actor.userId || transfer.from_user_id === actor.userId)
    throw ValidationError.field('id', TRANSFER_TEXT.ownLink);
  if (voucher.status !== 'active')
    throw ValidationError.field(
      'id',
      voucher.status === 'reversing' ? TRANSFER_TEXT.reversing : TRANSFER_TEXT.notTransferable,
    );

  const giverId = transfer.from_user_id ?? voucher.owner_user_id;
  const fromName = giverId ? displayName(await deps.users.get(giverId)) : null;
  const newCode = newVoucherCode();
  const now = deps.clock().toISOString();
  const outcome = await deps.transfers.receiveUserVoucher({
    transferCode: code,
    userVoucher: voucher,
    receiverUserId: actor.userId,
    newCode,
    newQr: voucherQrUrl(deps.appUrl, newCode),
    fromName: fromName ?? voucher.from_name ?? null,
    now,
  });
  if (outcome === 'lost') throw new ConflictError(TRANSFER_TEXT.linkInvalid);
  return {
    message: TRANSFER_TEXT.received,
    data: { ...previewOf(voucher), from_name: fromName ?? voucher.from_name ?? null },
  };
}
