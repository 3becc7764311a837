import type { Category } from '@gm/shared/catalogue/contracts';
import type { CategoryRepository } from '../../repositories/category-repository.ts';
import type { SearchSnapshotPointer } from '../../repositories/search-snapshot-repository.ts';
import { searchIndexOf, type SearchIndex } from './search-index.ts';

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

/** The catalogue as public lists and the search read it: the current search snapshot's index. */
export type CatalogueCache = { index(): Promise<SearchIndex>; invalidate(): void };

export type SnapshotSource = {
  /** The current snapshot's pointer (one GetItem), or undefined before the first build. */
  pointer(): Promise<(Pick<SearchSnapshotPointer, 'version'> & Partial<SearchSnapshotPointer>) | undefined>;
  /** Loads and decodes the snapshot the pointer names. */
  load(pointer: SearchSnapshotPointer): Promise<SearchIndex>;
};

const EMPTY_INDEX = searchIndexOf([]);

/**
 * The search snapshot in the container's memory (docs/architecture.md, "Catalogue search"): at most
 * one pointer read per `checkMs`, and a load from S3 only when the pointer names a newer version.
 * Nothing here reads the catalogue projection. Once a container holds an index, no request waits
 * for a check or a load: it is answered from the index held while a newer one loads
 * (stale-while-revalidate). `checkMs = 0` (tests): every call checks and waits for a newer snapshot.
 */
export function createSnapshotCatalogue(
  source: SnapshotSource,
  checkMs: number,
  now: () => number = Date.now,
): CatalogueCache {
  let current: { version: number; index: SearchIndex } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<SearchIndex> | undefined;

  const check = async (): Promise<SearchIndex> => {
    const started = now();
    const pointer = await source.pointer();
    if (pointer && !(current && current.version >= pointer.version)) {
      const index = await source.load(pointer as SearchSnapshotPointer);
      if (!current || current.version < pointer.version) current = { version: pointer.version, index };
    }
    // Only a check that succeeded counts: after a failure the next call tries again.
    checkedAt = started;
    return current?.index ?? EMPTY_INDEX;
  };

  return {
    index() {
      if (current && checkMs > 0 && now() - checkedAt < checkMs) return Promise.resolve(current.index);
      if (!checking) {
        checking = check().finally(() => {
          checking = undefined;
        });
      }
      if (current && checkMs > 0) {
        // A failed check or load keeps the index held; the next call retries.
        checking.catch(() => undefined);
        return Promise.resolve(current.index);
      }
      return checking;
    },
    invalidate() {
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
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
