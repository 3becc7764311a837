import { useEffect, useState } from 'react';
import type { ShareLinkPreview } from '@gm/shared/wallet/transfer';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../lib/api-client.ts';
import { receiveGift, type GiftKind } from './api/transfer.ts';
import { giftIdempotencyKey } from './gift-key.ts';

type ReceiveState =
  | { status: 'idle' | 'receiving' }
  | { status: 'received'; gift: ShareLinkPreview; message: string }
  | { status: 'failed'; message: string };

/** One receive per link and page session, even when React runs the effect twice. */
const inFlight = new Map<string, Promise<{ gift: ShareLinkPreview; message: string }>>();

function receiveOnce(kind: GiftKind, code: string) {
  const id = `${kind}:${code}`;
  let promise = inFlight.get(id);
  if (!promise) {
    promise = receiveGift(kind, code, giftIdempotencyKey(`${kind}.${code}`)).then((answer) => ({
      gift: answer.data,
      message: answer.message,
    }));
    inFlight.set(id, promise);
    promise.catch(() => inFlight.delete(id));
  }
  return promise;
}

/** POST transfer / buyer-transfer for a logged-in buyer (01 §2 "Receiving a gift"); failures carry the server's message (01 §8). */
export function useReceiveGift(kind: GiftKind, code: string, enabled: boolean): ReceiveState {
  const [state, setState] = useState<ReceiveState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || !code) return;
    let active = true;
    setState({ status: 'receiving' });
    receiveOnce(kind, code).then(
      (result) => active && setState({ status: 'received', ...result }),
      (error: unknown) =>
        active &&
        setState({ status: 'failed', message: error instanceof ApiError ? error.message : TEXT.genericError }),
    );
    return () => {
      active = false;
    };
  }, [kind, code, enabled]);
  return state;
}
