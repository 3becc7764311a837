import { voucherPdfFilename } from '@gm/shared/wallet/contracts';
import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { chunkAttachments, memoisedMediaReader } from '../mail-attachments.ts';
import { voucherPdfFor, type VoucherPdfDeps } from './voucher-pdf.ts';
import { ownUserVoucher } from './wallet.ts';

/**
 * The wallet's voucher PDFs (download, the guest-vouchers mail), apart from wallet.ts: the routes
 * that only list or show vouchers then bundle no pdf-lib (issue 15's bundle budgets).
 */

/**
 * POST order/download-voucher: the PDF for the owner (404 for anyone else, nothing changes). A
 * reversed voucher is no longer valid: 404 as well. After rendering, `sent_via` becomes
 * `voucher_download` if it was still unset (01 §4).
 */
export async function downloadVoucher(
  deps: Pick<Deps, 'userVouchers'> & VoucherPdfDeps,
  actor: Actor,
  id: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const record = await ownUserVoucher(deps, actor, id);
  if (record.status === 'reversed') throw new NotFoundError();
  const pdf = await voucherPdfFor(deps, record);
  if (record.sent_via === null || record.sent_via === undefined)
    await deps.userVouchers.setSentViaIfUnset(record.id, actor.userId, 'voucher_download');
  return { filename: voucherPdfFilename(record.order_no, record.code), pdf };
}

/** Bounds the rendering work of one request; a guest order rarely has more than a few vouchers. */
const MAX_ATTACHMENTS = 20;

/**
 * The mail worker's half: mails the address's guest vouchers (GSI1 `GUEST#<email>#WALLET`, active
 * ones, each as PDF; large sets in several mails). An address without any gets no mail.
 */
export async function mailGuestVouchers(
  deps: Pick<Deps, 'userVouchers' | 'mailer' | 'appUrl'> & VoucherPdfDeps,
  email: string,
): Promise<number> {
  const vouchers = (await deps.userVouchers.listByOwner({ guestEmail: email }))
    .filter((v) => v.status === 'active' && v.owner_guest_email === email)
    .slice(0, MAX_ATTACHMENTS);
  if (vouchers.length === 0) return 0;
  const pdfDeps = { ...deps, mediaReader: memoisedMediaReader(deps.mediaReader) };
  const attachments = [];
  for (const v of vouchers)
    attachments.push({
      filename: voucherPdfFilename(v.order_no, v.code),
      contentType: 'application/pdf',
      content: await voucherPdfFor(pdfDeps, v),
    });
  const base = deps.appUrl.replace(/\/+$/, '');
  const lines = vouchers.flatMap((v) => [
    `- ${v.voucher.title} (Bestellung ${v.order_no}): Code ${v.code}, ${v.qr}`,
    `  ${BALANCE_TEXT.linkLabel}: ${balanceCheckUrl(base, v.code)}`,
  ]);
  // Large PDFs (big backgrounds) go out in several mails, each within the size budget.
  const parts = chunkAttachments(attachments);
  for (const [index, part] of parts.entries())
    await deps.mailer.send({
      to: email,
      subject: `Deine Gutscheine – Gutscheinmarkt${parts.length > 1 ? ` (${index + 1}/${parts.length})` : ''}`,
      text: [
        'Hallo,',
        '',
        parts.length > 1
          ? `hier sind die Gutscheine, die mit dieser Email-Adresse als Gast bestellt wurden. Die PDFs sind zu groß für eine Email; diese Email ist Teil ${index + 1} von ${parts.length}.`
          : 'hier sind die Gutscheine, die mit dieser Email-Adresse als Gast bestellt wurden. Die PDFs hängen an dieser Email.',
        '',
        ...lines,
        '',
        `Mit einem Konto kannst du deine Gutscheine personalisieren und verschenken: ${base}/register/buyer`,
        '',
        'Wenn du das nicht angefordert hast, kannst du diese Email ignorieren.',
        '',
        'Dein Gutscheinmarkt-Team',
      ].join('\n'),
      attachments: part,
    });
  return vouchers.length;
}
