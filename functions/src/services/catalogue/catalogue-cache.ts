import type { Category } from '@gm/shared/catalogue/contracts';
import type { CategoryRepository } from '../../repositories/category-repository.ts';
import type { CatalogueEntry, VoucherRepository } from '../../repositories/voucher-repository.ts';

/**
 * A value loaded from the table and kept in the function's memory for `ttlMs`.
 * - Concurrent cold callers share one load; a failed load is forgotten, so the next call retries.
 * - After the TTL the next caller starts a refresh but still gets the previous value at once
 *   (stale-while-revalidate), so no request after the first waits for a reload.
 * - `ttlMs = 0` (tests) loads on every call and never serves a stale value.
 */
export type CachedValue<T> = { get(): Promise<T>; invalidate(): void };

export function createCachedValue<T>(
  load: () => Promise<T>,
  ttlMs: number,
  now: () => number = Date.now,
): CachedValue<T> {
  let current: { at: number; value: Promise<T> } | undefined;
  let settled: { value: T } | undefined;
  let refreshing: Promise<T> | undefined;
  let generation = 0;

  const start = () => {
    const gen = generation;
    const value = load();
    value.then(
      (v) => {
        if (gen === generation) settled = { value: v };
      },
      () => {
        if (gen === generation && current?.value === value) current = undefined;
      },
    );
    return value;
  };

  return {
    get() {
      if (ttlMs === 0 || !current) {
        current = { at: now(), value: start() };
        return current.value;
      }
      if (now() - current.at <= ttlMs) return current.value;
      if (!settled) {
        // Expired before the first load settled (or after a failure): nothing stale to serve.
        current = { at: now(), value: start() };
        return current.value;
      }
      if (!refreshing) {
        const next = start();
        refreshing = next;
        const at = now();
        next
          .then(
            () => {
              if (refreshing === next) current = { at, value: next };
            },
            () => undefined,
          )
          .finally(() => {
            if (refreshing === next) refreshing = undefined;
          });
      }
      return Promise.resolve(settled.value);
    },
    invalidate() {
      generation += 1;
      current = undefined;
      settled = undefined;
      refreshing = undefined;
    },
  };
}

export type CatalogueCache = { entries(): Promise<CatalogueEntry[]>; invalidate(): void };

/**
 * Keeps the catalogue projection in the function's memory for `ttlMs`, so public lists and search
 * answer from memory (docs/architecture.md, "Catalogue search").
 */
export function createCatalogueCache(
  vouchers: Pick<VoucherRepository, 'listCatalogue'>,
  ttlMs: number,
  now: () => number = Date.now,
): CatalogueCache {
  const cached = createCachedValue(() => vouchers.listCatalogue(), ttlMs, now);
  return { entries: () => cached.get(), invalidate: () => cached.invalidate() };
}

export type CategoryTreeCache = { tree(): Promise<Category[]>; invalidate(): void };

/** The category tree (one Query) with the same caching as the catalogue. */
export function createCategoryTreeCache(
  categories: Pick<CategoryRepository, 'listTree'>,
  ttlMs: number,
  now: () => number = Date.now,
): CategoryTreeCache {
  const cached = createCachedValue(() => categories.listTree(), ttlMs, now);
  return { tree: () => cached.get(), invalidate: () => cached.invalidate() };
}
