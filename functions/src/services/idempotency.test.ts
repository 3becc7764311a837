import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXT } from '@gm/shared/api/idempotency';
import { ConflictError, ValidationError } from '../lib/errors.ts';
import type { IdempotencyRecord, IdempotencyRepository } from '../repositories/idempotency-repository.ts';
import { idempotencyKey, requestHash, withIdempotency } from './idempotency.ts';

/** In-memory stand-in with the repository's conditions (DynamoDB behaviour is covered by payment-idempotency.int.test.ts). */
function memoryRepository() {
  const items = new Map<string, IdempotencyRecord>();
  const id = (p: string, k: string) => `${p}#${k}`;
  const repo: IdempotencyRepository = {
    async get(p, k) {
      return items.get(id(p, k));
    },
    async begin(p, k, hash, now) {
      const existing = items.get(id(p, k));
      if (existing) return { outcome: 'existing', record: existing };
      items.set(id(p, k), {
        principal: p,
        key: k,
        request_hash: hash,
        state: 'in_progress',
        created_at: now.toISOString(),
        lease_until: now.toISOString(),
      });
      return { outcome: 'started' };
    },
    async complete(p, k, _hash, response) {
      items.set(id(p, k), { ...items.get(id(p, k))!, state: 'done', response });
    },
    async release(p, k) {
      items.delete(id(p, k));
    },
  };
  return { repo, items };
}

describe('withIdempotency', () => {
  const deps = () => ({ idempotency: memoryRepository().repo, clock: () => new Date('2026-11-25T10:00:00Z') });

  it('runs once and replays the stored answer for the same body', async () => {
    const d = deps();
    let runs = 0;
    const run = async () => ({ statusCode: 200, body: { n: ++runs } });
    expect(await withIdempotency(d, 'u1', 'k', 'h', run)).toEqual({ statusCode: 200, body: { n: 1 } });
    expect(await withIdempotency(d, 'u1', 'k', 'h', run)).toEqual({ statusCode: 200, body: { n: 1 } });
    expect(runs).toBe(1);
    expect(await withIdempotency(d, 'u2', 'k', 'h', run)).toEqual({ statusCode: 200, body: { n: 2 } });
  });

  it('answers 409 while the first run is going and 422 for another body', async () => {
    const d = deps();
    let release!: () => void;
    const first = withIdempotency(
      d,
      'u1',
      'k',
      'h',
      () => new Promise((resolve) => (release = () => resolve({ statusCode: 200, body: {} }))),
    );
    await expect(withIdempotency(d, 'u1', 'k', 'h', async () => ({ statusCode: 200, body: {} }))).rejects.toEqual(
      new ConflictError(IDEMPOTENCY_TEXT.paymentInProgress),
    );
    await expect(
      withIdempotency(d, 'u1', 'k', 'other', async () => ({ statusCode: 200, body: {} })),
    ).rejects.toBeInstanceOf(ValidationError);
    release();
    await first;
  });

  it('releases the key when the run throws, so a retry runs again', async () => {
    const d = deps();
    await expect(
      withIdempotency(d, 'u1', 'k', 'h', async () => Promise.reject(new ValidationError({ card: ['abgelehnt'] }))),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await withIdempotency(d, 'u1', 'k', 'h', async () => ({ statusCode: 200, body: { ok: true } }))).toEqual({
      statusCode: 200,
      body: { ok: true },
    });
  });
});

describe('idempotencyKey / requestHash', () => {
  it('requires a UUID header with a German message', () => {
    expect(idempotencyKey('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    for (const bad of [undefined, '', 'abc']) expect(() => idempotencyKey(bad)).toThrow(IDEMPOTENCY_TEXT.missingKey);
  });

  it('ignores key order but not values or the route', () => {
    expect(requestHash('POST a', { x: 1, y: [1, { b: 2, a: 1 }] })).toBe(
      requestHash('POST a', { y: [1, { a: 1, b: 2 }], x: 1 }),
    );
    expect(requestHash('POST a', { x: 1 })).not.toBe(requestHash('POST a', { x: 2 }));
    expect(requestHash('POST a', { x: 1 })).not.toBe(requestHash('POST b', { x: 1 }));
  });
});
