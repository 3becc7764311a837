import { useEffect, useRef } from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import type { ShareLinkPreview } from '@gm/shared/wallet/transfer';
import { useReceiveShareLinkMutation, type OwnedVoucherKind } from '../api/transfer.ts';
import { receiveIdempotencyKey } from '../receive-key.ts';

export type ReceiveState =
  | { status: 'idle' | 'receiving' }
  | { status: 'received'; voucher: ShareLinkPreview; message: string }
  | { status: 'failed'; message: string };

/**
 * A logged-in buyer who opens a share link receives it at once (01 §2 "Receiving a gift"): one
 * request per link and page (the ref survives React's double effect in development; a reload repeats
 * it with the same Idempotency-Key). Failures carry the server's message (01 §8).
 */
export function useReceiveShareLink(kind: OwnedVoucherKind, code: string, enabled: boolean): ReceiveState {
  const { mutate, data, error, status } = useReceiveShareLinkMutation(kind);
  const started = useRef<string | null>(null);
  useEffect(() => {
    const link = `${kind}.${code}`;
    if (!enabled || !code || started.current === link) return;
    started.current = link;
    mutate({ code, idempotencyKey: receiveIdempotencyKey(link) });
  }, [kind, code, enabled, mutate]);

  if (status === 'success') return { status: 'received', voucher: data.data, message: data.message };
  if (status === 'error')
    return { status: 'failed', message: error instanceof ApiError ? error.message : TEXT.genericError };
  return { status: status === 'pending' ? 'receiving' : 'idle' };
}
