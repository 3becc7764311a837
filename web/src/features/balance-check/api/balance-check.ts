import { useMutation } from '@tanstack/react-query';
import { balanceCheckResponseSchema, type BalanceCheckResponse } from '@gm/shared/wallet/balance-check';
import { api } from '../../../lib/api.ts';

/** POST balance-check {code} (public): the normalised code → balance, validity, status and seller. */
export function checkBalance(code: string, signal?: AbortSignal): Promise<BalanceCheckResponse> {
  return api.request('balance-check', { method: 'POST', body: { code }, schema: balanceCheckResponseSchema, signal });
}

/**
 * A check is a mutation, not a cached query: each one counts against the per-IP limit and the
 * balance may change at the till at any moment, so nothing is kept or refetched behind the user's back.
 */
export function useBalanceCheck() {
  return useMutation({ mutationFn: (code: string) => checkBalance(code) });
}
