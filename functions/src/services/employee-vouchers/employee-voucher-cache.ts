import type { EmployeeVoucherRepository } from '../../repositories/employee-voucher-repository.ts';
import type { VoucherRecord } from '../../repositories/voucher-repository.ts';
import { createCachedValue } from '../catalogue/catalogue-cache.ts';

export type EmployeeVoucherCache = { all(): Promise<VoucherRecord[]>; invalidate(): void };

/**
 * Every live employee voucher in the function's memory for `ttlMs` (≤ 60 s, data-model "Caching"):
 * the wallet reads it on every visit. Writers in the same container invalidate; other containers
 * see a change within the TTL.
 */
export function createEmployeeVoucherCache(
  repository: Pick<EmployeeVoucherRepository, 'listAll'>,
  ttlMs: number,
  now: () => number = Date.now,
): EmployeeVoucherCache {
  const cached = createCachedValue(() => repository.listAll(), ttlMs, now);
  return { all: () => cached.get(), invalidate: () => cached.invalidate() };
}
