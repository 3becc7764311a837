import type { EmployeeVoucherRepository } from '../../repositories/employee-voucher-repository.ts';
import type { VoucherRecord } from '../../repositories/voucher-repository.ts';
import { createCachedValue, type CachedValue } from '../catalogue/catalogue-cache.ts';

export type EmployeeVoucherCache = { ofTourism(tourismId: string): Promise<VoucherRecord[]>; invalidate(): void };

/**
 * Each tourism account's live employee vouchers in the function's memory for `ttlMs` (≤ 60 s,
 * data-model "Caching"): the wallet reads them on every visit. Writers in the same container
 * invalidate; other containers see a change within the TTL.
 */
export function createEmployeeVoucherCache(
  repository: Pick<EmployeeVoucherRepository, 'listOfTourism'>,
  ttlMs: number,
  now: () => number = Date.now,
): EmployeeVoucherCache {
  const perAccount = new Map<string, CachedValue<VoucherRecord[]>>();
  return {
    ofTourism(tourismId) {
      let cached = perAccount.get(tourismId);
      if (!cached) {
        cached = createCachedValue(() => repository.listOfTourism(tourismId), ttlMs, now);
        perAccount.set(tourismId, cached);
      }
      return cached.get();
    },
    invalidate: () => perAccount.clear(),
  };
}
