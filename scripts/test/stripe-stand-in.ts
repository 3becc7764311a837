/**
 * The Stripe stand-in's test API for integration tests (scripts/dev/stripe-stand-in): its base URL,
 * a JSON call, and `settleStandIn()` that waits until every webhook delivery it started has ended.
 */
export const standIn = () => process.env.STRIPE_STAND_IN_URL as string;

export async function standInApi<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${standIn()}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export const settleStandIn = () => standInApi('POST', '/__test/idle', { timeout_ms: 15_000 });
