import * as z from 'zod/mini';
import { emailField, requiredString } from '../validation/fields.ts';

/**
 * Share as link, transfer and send by e-mail (01 §2 "Share as link", "Receiving a gift", "Send by
 * e-mail"; §3 e-mail form and transfer URL; §4 sent_via, transfer; §5; §7; §8). docs/data-model.md
 * "Transfer", "VoucherCode", §4.5 "Create share link" and "Receive".
 */

/** Texts of the share link screens and the transfer errors (the server's messages are shown as they are). */
export const TRANSFER_TEXT = {
  shareTitle: 'Link teilen',
  shareIntro: 'Teile diesen Link mit der Person, der du den Gutschein schenken möchtest.',
  shareNote: 'Achtung: Sobald eine andere Person den Link öffnet, gehört der Gutschein nicht mehr dir.',
  replaceNote: 'Ein neuer Link ersetzt einen bereits geteilten Link; der alte funktioniert dann nicht mehr.',
  createLink: 'Link erstellen',
  copy: 'Link kopieren',
  copied: 'Link kopiert!',
  share: 'Teilen',
  toWallet: 'Zur Wallet',
  confirmTitle: 'Bestätige die Übertragung',
  confirmText:
    'Die Übertragung kann nicht rückgängig gemacht werden. Wenn du den Link an die falsche Person schickst, kann der Gutschein verloren gehen.',
  /** The fixed gift text that goes out with the link (01 §2 "Share as link"). */
  giftMessage:
    'Ich habe ein liebevolles Geschenk für dich! Öffne den Link, melde dich an und der Gutschein landet in deiner Wallet:',
  receiveTitle: 'Ein liebevolles Geschenk für dich',
  loginToReceive: 'Anmelden und Geschenk erhalten!',
  loginToReceiveText: 'Melde dich an, um das Geschenk in deine Wallet zu übernehmen.',
  received: 'Der Gutschein ist jetzt in deiner Wallet.',
  // Server messages (422/404/409).
  linkInvalid:
    'Dieser Geschenk-Link ist nicht mehr gültig. Der Gutschein wurde bereits übertragen oder der Link wurde ersetzt.',
  ownLink: 'Das ist dein eigener Gutschein. Schicke den Link an die Person, die ihn erhalten soll.',
  notTransferable: 'Dieser Gutschein kann nicht mehr übertragen werden.',
  /** The order of the voucher is being reversed (user voucher `reversing`, issue 11). */
  reversing: 'Dieser Gutschein wird gerade storniert.',
  busy: 'Der Link wurde gerade geändert. Bitte versuche es erneut.',
  inProgress: 'Das Geschenk wird bereits übernommen.',
  mailSent: 'Der Gutschein wurde per E-Mail verschickt.',
  tooManyMails: 'Du hast zu viele E-Mails verschickt. Bitte versuche es später erneut.',
  // Send by e-mail page (01 §2 "Send by e-mail").
  sendTitle: 'Per E-Mail senden',
  sendNote:
    'Die E-Mail enthält den Gutschein als PDF und einen Link, mit dem die empfangende Person ihn in ihre Wallet laden kann.',
  sendButton: 'Senden',
} as const;

/** 01 §5: the e-mail text may have at most 252 characters. */
export const SEND_MAIL_TEXT_MAX = 252;
export const SEND_MAIL_SUBJECT_MAX = 150;

/** The kinds of thing a transfer link moves (docs/data-model.md "Transfer"). */
export const transferKindSchema = z.enum(['user_voucher', 'buyer_voucher']);
export type TransferKind = z.infer<typeof transferKindSchema>;

/** Transfer codes are base64url of 16 random bytes: 22 characters. */
export const transferCodeSchema = z
  .string({ error: TRANSFER_TEXT.linkInvalid })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{22}$/, { error: TRANSFER_TEXT.linkInvalid }));

/**
 * POST transfer-url {order_id}: a new share link for the caller's voucher (replaces an open one).
 * `order_id` is the spec's name; it carries the user voucher id (`id` is accepted too). `type: 'buyer'`
 * shares a buyer-designed voucher instead.
 */
export const createTransferUrlRequestSchema = z.pipe(
  z.object({
    order_id: z.optional(requiredString(64)),
    id: z.optional(requiredString(64)),
    type: z.optional(z.enum(['user', 'buyer'])),
  }),
  z.transform((input, ctx) => {
    const id = input.order_id ?? input.id;
    if (!id) {
      ctx.issues.push({
        code: 'custom',
        path: ['order_id'],
        message: 'Dieses Feld muss ausgefüllt werden',
        input: ctx.value,
      });
      return z.NEVER;
    }
    return { id, kind: input.type === 'buyer' ? ('buyer_voucher' as const) : ('user_voucher' as const) };
  }),
);
export type CreateTransferUrlRequest = z.input<typeof createTransferUrlRequestSchema>;

export const transferUrlAnswerSchema = z.object({
  data: z.object({
    transfer_url: z.object({ url_code: z.string(), url: z.string() }),
  }),
});
export type TransferUrlAnswer = z.infer<typeof transferUrlAnswerSchema>;

/** POST transfer / buyer-transfer {id}: `id` is the transfer code of the link. Idempotency-Key header required. */
export const receiveTransferRequestSchema = z.object({ id: transferCodeSchema });
export type ReceiveTransferRequest = z.input<typeof receiveTransferRequestSchema>;

/** What a share link shows (card and title only) and what a receiver gets back. */
export const shareLinkPreviewSchema = z.object({
  kind: transferKindSchema,
  id: z.string(),
  title: z.string(),
  seller_name: z.nullable(z.string()),
  background_image: z.nullable(z.string()),
  type: z.nullable(z.string()),
  from_name: z.nullable(z.string()),
  valid_until: z.nullable(z.string()),
});
export type ShareLinkPreview = z.infer<typeof shareLinkPreviewSchema>;

export const shareLinkPreviewAnswerSchema = z.object({ data: shareLinkPreviewSchema });

export const receiveTransferAnswerSchema = z.object({ message: z.string(), data: shareLinkPreviewSchema });
export type ReceiveTransferAnswer = z.infer<typeof receiveTransferAnswerSchema>;

/** POST order/send-voucher-pdf, order/send-buyer-voucher-pdf (01 §3 e-mail form, §5). */
export const sendVoucherMailRequestSchema = z.object({
  id: requiredString(64),
  email: emailField(),
  subject: requiredString(SEND_MAIL_SUBJECT_MAX),
  text: requiredString(SEND_MAIL_TEXT_MAX),
  /** Sent by the original client; the server always records `email`. */
  sent_via: z.nullable(z.optional(z.string())),
});
export type SendVoucherMailRequest = z.input<typeof sendVoucherMailRequestSchema>;

/** POST transfer/transfer-send-mail {id, email}: mails the share link (the server builds the link; a client `link` is ignored). */
export const transferSendMailRequestSchema = z.object({
  id: requiredString(64),
  email: emailField(),
  link: z.nullable(z.optional(z.string())),
  type: z.optional(z.enum(['user', 'buyer'])),
});
export type TransferSendMailRequest = z.input<typeof transferSendMailRequestSchema>;

export const messageAnswerSchema = z.object({ message: z.string() });

/** The public share link of a transfer code (01 §2: /ein-liebevolles-geschenk/{id}, /buyer-voucher/transfer/{id}). */
export function shareLinkPath(kind: TransferKind, code: string): string {
  return kind === 'buyer_voucher' ? `/buyer-voucher/transfer/${code}` : `/ein-liebevolles-geschenk/${code}`;
}

export function shareLinkUrl(appUrl: string, kind: TransferKind, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}${shareLinkPath(kind, code)}`;
}
