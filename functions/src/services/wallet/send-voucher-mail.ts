import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { voucherPdfFilename } from '@gm/shared/wallet/contracts';
import { TRANSFER_TEXT, type SendVoucherMailRequest } from '@gm/shared/wallet/transfer';
import type { Actor } from '../../lib/auth.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { voucherPdfFor, type VoucherPdfDeps } from './voucher-pdf.ts';
import { openUserVoucherLink, ownActiveUserVoucher, type TransferDeps } from './share-links.ts';

/**
 * Send by e-mail (01 §2 "Send by e-mail", §3 e-mail form, §5, §7 `order/send-voucher-pdf`) and the
 * share link by e-mail (`transfer/transfer-send-mail`). Both open a new share link for the voucher
 * (replacing an open one, docs/data-model.md §4.5 "Create share link") with the address stored on it
 * and `sent_via = email` written in the same transaction, then mail it through SES.
 */
export type SendVoucherMailDeps = TransferDeps & VoucherPdfDeps & Pick<Deps, 'mailQueue' | 'rateLimiter'>;

/** A buyer may send at most this many voucher mails per hour (the mailer must not become a spam relay). */
export const VOUCHER_MAILS_PER_HOUR = 20;

type MailInput = { id: string; email: string; subject: string; text: string };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

async function checkRate(deps: Pick<Deps, 'rateLimiter' | 'clock'>, userId: string): Promise<void> {
  const allowed = await deps.rateLimiter.hit(
    'voucher-mail',
    userId,
    VOUCHER_MAILS_PER_HOUR,
    3600,
    Math.floor(deps.clock().getTime() / 1000),
  );
  if (!allowed) throw new TooManyRequestsError(TRANSFER_TEXT.tooManyMails);
}

async function senderName(deps: Pick<Deps, 'users'>, actor: Pick<Actor, 'userId' | 'email'>): Promise<string> {
  const user = await deps.users.get(actor.userId);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim();
  return name || user?.username || actor.email;
}

/** POST order/send-voucher-pdf: the voucher as PDF plus a link that loads it into the recipient's wallet. */
export async function sendVoucherMail(
  deps: SendVoucherMailDeps,
  actor: Pick<Actor, 'userId' | 'email'>,
  input: MailInput & Pick<SendVoucherMailRequest, 'sent_via'>,
) {
  const voucher = await ownActiveUserVoucher(deps, actor.userId, input.id);
  await checkRate(deps, actor.userId);
  // The PDF first: a render failure must not leave a link behind.
  const pdf = await voucherPdfFor(deps, voucher);
  const { url } = await openUserVoucherLink(deps, actor, voucher.id, { email: input.email, sentVia: 'email' });
  const from = await senderName(deps, actor);
  const intro = `${from} schickt dir den Gutschein „${voucher.voucher.title}“. Du findest ihn als PDF im Anhang.`;
  const balanceUrl = balanceCheckUrl(deps.appUrl, voucher.code);
  const balanceLine = `${BALANCE_TEXT.linkLabel}: ${balanceUrl}`;
  const walletLine =
    'Mit diesem Link lädst du ihn in deine Wallet (danach bekommt er dort einen neuen Code und der QR-Code im PDF gilt nicht mehr):';
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to: input.email,
      subject: oneLine(input.subject),
      replyTo: actor.email,
      text: `${input.text}\n\n${intro}\n\n${walletLine}\n${url}\n\n${balanceLine}\n\nDein Gutscheinmarkt-Team`,
      html:
        `<p>${escapeHtml(input.text).replace(/\n/g, '<br>')}</p><p>${escapeHtml(intro)}</p>` +
        `<p>${escapeHtml(walletLine)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
        `<p>${escapeHtml(BALANCE_TEXT.linkLabel)}: <a href="${escapeHtml(balanceUrl)}">${escapeHtml(balanceUrl)}</a></p>` +
        `<p>Dein Gutscheinmarkt-Team</p>`,
      attachments: [
        { filename: voucherPdfFilename(voucher.order_no, voucher.code), contentType: 'application/pdf', content: pdf },
      ],
    },
  });
  return { message: TRANSFER_TEXT.mailSent };
}

/** POST transfer/transfer-send-mail: mails the share link with the fixed gift text (no PDF). The link is built here, never taken from the client. */
export async function sendShareLinkMail(
  deps: TransferDeps & Pick<Deps, 'mailQueue' | 'rateLimiter'>,
  actor: Pick<Actor, 'userId' | 'email'>,
  input: { id: string; email: string },
) {
  const voucher = await ownActiveUserVoucher(deps, actor.userId, input.id);
  await checkRate(deps, actor.userId);
  const { url } = await openUserVoucherLink(deps, actor, voucher.id, { email: input.email, sentVia: 'email' });
  return mailShareLink(deps, actor, input.email, voucher.voucher.title, url);
}

export async function mailShareLink(
  deps: Pick<Deps, 'mailQueue' | 'users'>,
  actor: Pick<Actor, 'userId' | 'email'>,
  to: string,
  title: string,
  url: string,
) {
  const from = await senderName(deps, actor);
  const intro = `${from} hat dir den Gutschein „${title}“ geschenkt.`;
  await deps.mailQueue.enqueue({
    kind: 'mail',
    mail: {
      to,
      subject: TRANSFER_TEXT.receiveTitle,
      replyTo: actor.email,
      text: `${intro}\n\n${TRANSFER_TEXT.giftMessage}\n${url}\n\nDein Gutscheinmarkt-Team`,
      html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(TRANSFER_TEXT.giftMessage)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>Dein Gutscheinmarkt-Team</p>`,
    },
  });
  return { message: TRANSFER_TEXT.mailSent };
}
