import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TEXT, idempotencyKeySchema } from '@gm/shared/api/idempotency';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import type { StoredResponse } from '../repositories/idempotency-repository.ts';
import type { Deps } from './deps.ts';

/**
 * Runs a request at most once per (principal, Idempotency-Key) (docs/data-model.md "Idempotency"):
 * the first call puts the record `in_progress` (conditional put) and runs; a repeat with the same
 * body gets the stored answer once it is done, or 409 while the first run is still going; the same
 * key with another body is 422. A run that throws releases the key, so the client may retry with it.
 */
export type IdempotencyDeps = Pick<Deps, 'idempotency' | 'clock'>;

export async function withIdempotency(
  deps: IdempotencyDeps,
  principal: string,
  key: string,
  requestHash: string,
  run: () => Promise<StoredResponse>,
  inProgressMessage: string = IDEMPOTENCY_TEXT.paymentInProgress,
): Promise<StoredResponse> {
  const begun = await deps.idempotency.begin(principal, key, requestHash, deps.clock());
  if (begun.outcome === 'existing') {
    const { record } = begun;
    if (record.request_hash !== requestHash) throw ValidationError.field('idempotency_key', IDEMPOTENCY_TEXT.keyReused);
    if (record.state === 'done' && record.response) return record.response;
    throw new ConflictError(inProgressMessage);
  }
  let response: StoredResponse;
  try {
    response = await run();
  } catch (error) {
    await deps.idempotency.release(principal, key, requestHash);
    throw error;
  }
  await deps.idempotency.complete(principal, key, requestHash, response);
  return response;
}

/** The `Idempotency-Key` header, required: 422 with a German message when missing or not a UUID. */
export function idempotencyKey(header: string | undefined): string {
  const parsed = idempotencyKeySchema.safeParse(header?.trim());
  if (!parsed.success) throw ValidationError.field('idempotency_key', IDEMPOTENCY_TEXT.missingKey);
  return parsed.data.toLowerCase();
}

/** sha256 of method + path + the body as canonical JSON (keys sorted), so key order does not matter. */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
