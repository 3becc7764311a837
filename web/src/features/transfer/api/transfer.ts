import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  messageAnswerSchema,
  receiveTransferAnswerSchema,
  shareLinkPreviewAnswerSchema,
  transferUrlAnswerSchema,
  type ReceiveTransferAnswer,
  type ShareLinkPreview,
  type SendVoucherMailRequest,
} from '@gm/shared/wallet/transfer';
import { api } from '../../../lib/api.ts';
import { buyerVoucherKeys, buyerVoucherQuery } from '../../../entities/wallet/api/buyer-voucher.ts';
import { userVoucherQuery, walletKeys } from '../../../entities/wallet/api/user-voucher.ts';

/**
 * Passing on an owned voucher (01 §2 "Share as link", "Receiving a gift", "Send by e-mail"; 01 §7
 * transfer-url, transfer, buyer-transfer, order/send-voucher-pdf). Vocabulary: a *share link* is the
 * one-time link to an owned voucher; *receiving* it moves the voucher into the opener's wallet
 * (the API calls that a transfer). "Gift" is the gift chosen at purchase (features/gifts), not this.
 */

/** Which kind of owned voucher: a bought one (wallet) or a buyer-designed one (/wallet/vouchers). */
export type OwnedVoucherKind = 'user' | 'buyer';

export const shareLinkKeys = {
  all: ['share-link'] as const,
  preview: (kind: OwnedVoucherKind, code: string) => [...shareLinkKeys.all, kind, code] as const,
};

/** The keys a change of an owned voucher of this kind touches (its list cards and its detail). */
const ownedKeys = (kind: OwnedVoucherKind) => (kind === 'buyer' ? buyerVoucherKeys.all : walletKeys.all);

/**
 * The title of the voucher the share and send pages pass on (and whether it is still active), from
 * the same queries the wallet and the designer use.
 */
export function useOwnedVoucherTitle(kind: OwnedVoucherKind, id: string) {
  const user = useQuery({
    ...userVoucherQuery(id),
    enabled: kind === 'user',
    select: (v) => ({ title: v.voucher.title, active: v.status === 'active' }),
  });
  const buyer = useQuery({
    ...buyerVoucherQuery(id),
    enabled: kind === 'buyer',
    select: (v) => ({ title: v.voucher.title, active: true }),
  });
  return kind === 'buyer' ? buyer : user;
}

/** POST transfer-url: a new share link (replacing an open one). */
export async function createShareLink(kind: OwnedVoucherKind, id: string): Promise<{ code: string; url: string }> {
  const answer = await api.request('transfer-url', {
    method: 'POST',
    body: { order_id: id, ...(kind === 'buyer' ? { type: 'buyer' } : {}) },
    schema: transferUrlAnswerSchema,
  });
  return { code: answer.data.transfer_url.url_code, url: answer.data.transfer_url.url };
}

/**
 * A bought voucher records that it has an open link (`has_transfer_link`), so its cached card and
 * detail are asked again; a buyer-designed voucher keeps nothing of it (it moves only when received).
 */
export function useCreateShareLink(kind: OwnedVoucherKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => createShareLink(kind, id),
    onSuccess: () => (kind === 'user' ? queryClient.invalidateQueries({ queryKey: walletKeys.all }) : undefined),
  });
}

/** GET transfer/{code}: the voucher behind a share link, for a guest who opens it. */
export async function fetchShareLinkPreview(
  kind: OwnedVoucherKind,
  code: string,
  signal?: AbortSignal,
): Promise<ShareLinkPreview> {
  const answer = await api.request(`transfer/${encodeURIComponent(code)}`, {
    query: { type: kind === 'buyer' ? 'buyer' : undefined },
    schema: shareLinkPreviewAnswerSchema,
    signal,
  });
  return answer.data;
}

export function useShareLinkPreview(kind: OwnedVoucherKind, code: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkKeys.preview(kind, code),
    queryFn: ({ signal }) => fetchShareLinkPreview(kind, code, signal),
    enabled,
    staleTime: 0,
  });
}

/** POST transfer / buyer-transfer: receives a share link into the caller's wallet. */
export function receiveShareLink(
  kind: OwnedVoucherKind,
  code: string,
  idempotencyKey: string,
): Promise<ReceiveTransferAnswer> {
  return api.request(kind === 'buyer' ? 'buyer-transfer' : 'transfer', {
    method: 'POST',
    body: { id: code },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: receiveTransferAnswerSchema,
  });
}

/** Receiving adds the voucher to the wallet (or the buyer-designed list) and uses the link up. */
export function useReceiveShareLinkMutation(kind: OwnedVoucherKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, idempotencyKey }: { code: string; idempotencyKey: string }) =>
      receiveShareLink(kind, code, idempotencyKey),
    onSuccess: (_answer, { code }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownedKeys(kind) }),
        queryClient.invalidateQueries({ queryKey: shareLinkKeys.preview(kind, code) }),
      ]),
  });
}

/** POST order/send-voucher-pdf or order/send-buyer-voucher-pdf: the voucher by e-mail. */
export async function sendVoucherMail(kind: OwnedVoucherKind, input: SendVoucherMailRequest): Promise<string> {
  const answer = await api.request(kind === 'buyer' ? 'order/send-buyer-voucher-pdf' : 'order/send-voucher-pdf', {
    method: 'POST',
    body: { ...input, sent_via: 'email' },
    schema: messageAnswerSchema,
  });
  return answer.message;
}

/** A mailed voucher is marked sent_via email: its card and detail are asked again. */
export function useSendVoucherMail(kind: OwnedVoucherKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendVoucherMailRequest) => sendVoucherMail(kind, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownedKeys(kind) }),
  });
}
