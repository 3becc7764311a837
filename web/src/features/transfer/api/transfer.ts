import * as z from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  shareLinkPreviewAnswerSchema,
  messageAnswerSchema,
  receiveTransferAnswerSchema,
  transferUrlAnswerSchema,
  type ShareLinkPreview,
  type ReceiveTransferAnswer,
  type SendVoucherMailRequest,
} from '@gm/shared/wallet/transfer';
import { api } from '../../../lib/api.ts';

/** Share link, gift receiving and send by e-mail (01 §7 transfer-url, transfer, buyer-transfer, order/send-voucher-pdf). */
export type GiftKind = 'user' | 'buyer';

/** What the share and send pages show of the voucher: only the title (and whether it is still active). */
const voucherTitleSchema = z.object({
  user_voucher: z
    .object({ id: z.string(), status: z.string(), voucher: z.object({ title: z.string() }).loose() })
    .loose(),
});
const buyerVoucherTitleSchema = z.object({
  data: z.object({ id: z.string(), voucher: z.object({ title: z.string() }).loose() }).loose(),
});

export async function fetchVoucherTitle(kind: GiftKind, id: string): Promise<{ title: string; active: boolean }> {
  if (kind === 'buyer') {
    const answer = await api.request(`buyer-voucher/${encodeURIComponent(id)}`, { schema: buyerVoucherTitleSchema });
    return { title: answer.data.voucher.title, active: true };
  }
  const answer = await api.request(`user-voucher/${encodeURIComponent(id)}`, { schema: voucherTitleSchema });
  return { title: answer.user_voucher.voucher.title, active: answer.user_voucher.status === 'active' };
}

export async function createShareLink(kind: GiftKind, id: string): Promise<{ code: string; url: string }> {
  const answer = await api.request('transfer-url', {
    method: 'POST',
    body: { order_id: id, ...(kind === 'buyer' ? { type: 'buyer' } : {}) },
    schema: transferUrlAnswerSchema,
  });
  return { code: answer.data.transfer_url.url_code, url: answer.data.transfer_url.url };
}

export async function fetchGift(kind: GiftKind, code: string): Promise<ShareLinkPreview> {
  const answer = await api.request(`transfer/${encodeURIComponent(code)}`, {
    query: { type: kind === 'buyer' ? 'buyer' : undefined },
    schema: shareLinkPreviewAnswerSchema,
  });
  return answer.data;
}

export function receiveGift(kind: GiftKind, code: string, idempotencyKey: string): Promise<ReceiveTransferAnswer> {
  return api.request(kind === 'buyer' ? 'buyer-transfer' : 'transfer', {
    method: 'POST',
    body: { id: code },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: receiveTransferAnswerSchema,
  });
}

export async function sendVoucherMail(kind: GiftKind, input: SendVoucherMailRequest): Promise<string> {
  const answer = await api.request(kind === 'buyer' ? 'order/send-buyer-voucher-pdf' : 'order/send-voucher-pdf', {
    method: 'POST',
    body: { ...input, sent_via: 'email' },
    schema: messageAnswerSchema,
  });
  return answer.message;
}
