import type { PaymentResponse } from '@gm/shared/orders/contracts';

export type PaymentOutcome = 'completed' | 'failed' | 'timeout';
type PaymentData = PaymentResponse['data'];

/** Done once the webhook completed the orders; failed or canceled payments are over too. */
export function outcomeOf(payment: Pick<PaymentData, 'status' | 'completed'>): PaymentOutcome | null {
  if (payment.completed) return 'completed';
  if (payment.status === 'failed' || payment.status === 'canceled') return 'failed';
  return null;
}

/**
 * Polls GET order/payment/{id} until the payment is completed or failed (the orders complete
 * asynchronously, from the provider's webhook). Gives up after `timeoutMs`.
 */
export async function waitForPayment(
  fetchPayment: () => Promise<Pick<PaymentData, 'status' | 'completed'>>,
  options: { intervalMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<PaymentOutcome> {
  const { intervalMs = 1000, timeoutMs = 60_000 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (;;) {
    try {
      const outcome = outcomeOf(await fetchPayment());
      if (outcome) return outcome;
    } catch (error) {
      // A passing network error is retried; a 404 (not this payer's payment) ends it.
      if (typeof error === 'object' && error && 'status' in error && (error as { status: number }).status === 404)
        return 'failed';
    }
    if (now() - started >= timeoutMs) return 'timeout';
    await sleep(intervalMs);
  }
}
