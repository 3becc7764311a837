import { TRANSFER_TEXT, shareLinkUrl, type ShareLinkPreview } from '@gm/shared/wallet/transfer';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import type { BuyerVoucherRecord } from '../../repositories/buyer-voucher-repository.ts';
import type { TransferRecord } from '../../repositories/transfer-repository.ts';
import type { Deps } from '../deps.ts';
import { downloadBuyerVoucher } from './buyer-voucher-pdf.ts';
import { escapeHtml, mailShareLink, VOUCHER_MAILS_PER_HOUR } from './send-voucher-mail.ts';
import { newTransferCode } from './share-links.ts';

/**
 * Share links for buyer-designed vouchers (01 §2 /buyer-voucher/transfer/{id}, §7 `buyer-transfer`;
 * docs/data-model.md "BuyerVoucher", "Transfer"). Like user vouchers, but there is no code to re-key
 * (a buyer-designed voucher is never redeemed at a scanner) and no validity: a link lives a year.
 */
export type BuyerTransferDeps = Pick<Deps, 'buyerVouchers' | 'transfers' | 'users' | 'clock' | 'appUrl'>;

export const BUYER_LINK_DAYS = 365;
const MAX_ATTEMPTS = 4;

async function ownBuyerVoucher(
  deps: Pick<Deps, 'buyerVouchers'>,
  userId: string,
  id: string,
): Promise<BuyerVoucherRecord> {
  const voucher = await deps.buyerVouchers.get(id);
  if (!voucher || voucher.owner_user_id !== userId) throw new NotFoundError();
  return voucher;
}

export async function openBuyerVoucherLink(
  deps: BuyerTransferDeps,
  actor: Pick<Actor, 'userId'>,
  id: string,
  email?: string,
) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const voucher = await ownBuyerVoucher(deps, actor.userId, id);
    const now = deps.clock();
    const record: TransferRecord = {
      code: newTransferCode(),
      kind: 'buyer_voucher',
      target_id: voucher.id,
      from_user_id: actor.userId,
      ...(email ? { email } : {}),
      created_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + BUYER_LINK_DAYS * 86_400,
    };
    const outcome = await deps.transfers.createBuyerVoucherLink({
      record,
      ownerUserId: actor.userId,
      previousCode: voucher.transfer_code ?? null,
    });
    if (outcome === 'created')
      return { code: record.code, url: shareLinkUrl(deps.appUrl, 'buyer_voucher', record.code), voucher };
  }
  throw new ConflictError(TRANSFER_TEXT.busy);
}

/** POST transfer-url {order_id, type: 'buyer'}. */
export async function createBuyerShareLink(
  deps: BuyerTransferDeps,
  actor: Pick<Actor, 'userId'>,
  input: { id: string },
) {
  const { code, url } = await openBuyerVoucherLink(deps, actor, input.id);
  return { transfer_url: { url_code: code, url } };
}

function previewOf(voucher: BuyerVoucherRecord): ShareLinkPreview {
  return {
    kind: 'buyer_voucher',
    id: voucher.id,
    title: voucher.title,
    seller_name: null,
    background_image: voucher.personalisation?.custom_image ?? voucher.personalisation?.custom_background_image ?? null,
    type: 'buyer',
    from_name: voucher.from_name ?? null,
    valid_until: null,
  };
}

async function openLink(deps: Pick<Deps, 'transfers' | 'clock'>, code: string): Promise<TransferRecord> {
  const transfer = await deps.transfers.get(code, Math.floor(deps.clock().getTime() / 1000));
  if (!transfer || transfer.kind !== 'buyer_voucher') throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  return transfer;
}

/** GET buyer-transfer/{id}: the link's card and title (public). */
export async function previewBuyerShareLink(
  deps: Pick<Deps, 'transfers' | 'buyerVouchers' | 'clock'>,
  code: string,
): Promise<ShareLinkPreview> {
  const transfer = await openLink(deps, code);
  const voucher = await deps.buyerVouchers.get(transfer.target_id);
  if (!voucher || voucher.transfer_code !== code) throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  return previewOf(voucher);
}

/** POST buyer-transfer {id}: the logged-in buyer takes the buyer-designed voucher behind the link, once. */
export async function receiveBuyerTransfer(
  deps: BuyerTransferDeps,
  actor: Pick<Actor, 'userId'>,
  code: string,
): Promise<{ message: string; data: ShareLinkPreview }> {
  const transfer = await openLink(deps, code);
  const voucher = await deps.buyerVouchers.get(transfer.target_id);
  if (!voucher || voucher.transfer_code !== code) throw new NotFoundError(TRANSFER_TEXT.linkInvalid);
  if (voucher.owner_user_id === actor.userId || transfer.from_user_id === actor.userId)
    throw ValidationError.field('id', TRANSFER_TEXT.ownLink);
  const outcome = await deps.transfers.receiveBuyerVoucher({
    transferCode: code,
    buyerVoucherId: voucher.id,
    receiverUserId: actor.userId,
    now: deps.clock().toISOString(),
  });
  if (outcome === 'lost') throw new ConflictError(TRANSFER_TEXT.linkInvalid);
  return { message: TRANSFER_TEXT.received, data: previewOf(voucher) };
}

/** transfer/transfer-send-mail with type buyer. */
export async function sendBuyerShareLinkMail(
  deps: BuyerTransferDeps & Pick<Deps, 'mailQueue' | 'rateLimiter'>,
  actor: Pick<Actor, 'userId' | 'email'>,
  input: { id: string; email: string },
) {
  await ownBuyerVoucher(deps, actor.userId, input.id);
  const allowed = await deps.rateLimiter.hit(
    'voucher-mail',
    actor.userId,
    VOUCHER_MAILS_PER_HOUR,
    3600,
    Math.floor(deps.clock().getTime() / 1000),
  );
  if (!allowed) throw new TooManyRequestsError(TRANSFER_TEXT.tooManyMails);
  const { url, voucher } = await openBuyerVoucherLink(deps, actor, input.id, input.email);
  return mailShareLink(deps, actor, input.email, voucher.title, url);
}

/**
 * POST order/send-buyer-voucher-pdf {id, email, subject, text}: the buyer-designed voucher as PDF plus
 * a link that loads it into the recipient's wallet (/wallet/vouchers). Buyer vouchers have no sent_via.
 */
export async function sendBuyerVoucherMail(
  deps: BuyerTransferDeps & Pick<Deps, 'mailQueue' | 'rateLimiter' | 'templates' | 'mediaReader'>,
  actor: Actor,
  input: { id: string; email: string; subject: string; text: string },
) {
  // Renders the PDF as the owner (404 for anyone else) before anything is written.
  const { filename, pdf } = await downloadBuyerVoucher(deps, actor, input.id);
  const allowed = await deps.rateLimiter.hit(
    'voucher-mail',
    actor.userId,
    VOUCHER_MAILS_PER_HOUR,
    3600,
    Math.floor(deps.clock().getTime() / 1000),
  );
  if (!allowed) throw new TooManyRequestsError(TRANSFER_TEXT.tooManyMails);
  const { url, voucher } = await openBuyerVoucherLink(deps, actor, input.id, input.email);
  const intro = `${voucher.from_name} schickt dir den Gutschein „${voucher.title}“. Du findest ihn als PDF im Anhang.`;
  const walletLine = 'Mit diesem Link lädst du ihn in deine Wallet:';
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to: input.email,
      subject: input.subject.replace(/\s+/g, ' ').trim(),
      replyTo: actor.email,
      text: `${input.text}\n\n${intro}\n\n${walletLine}\n${url}\n\nDein Gutscheinmarkt-Team`,
      html:
        `<p>${escapeHtml(input.text).replace(/\n/g, '<br>')}</p><p>${escapeHtml(intro)}</p>` +
        `<p>${escapeHtml(walletLine)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>Dein Gutscheinmarkt-Team</p>`,
      attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
    },
  });
  return { message: TRANSFER_TEXT.mailSent };
}
