import type { CatalogueEntry, VoucherRepository } from '../../repositories/voucher-repository.ts';

export type CatalogueCache = { entries(): Promise<CatalogueEntry[]>; invalidate(): void };

/**
 * Keeps the catalogue projection in the function's memory for `ttlMs`, so public lists and search
 * answer from memory; concurrent cold requests share one load.
 */
export function createCatalogueCache(vouchers: Pick<VoucherRepository, 'listCatalogue'>, ttlMs: number, now: () => number = Date.now): CatalogueCache {
  let loaded: { at: number; entries: Promise<CatalogueEntry[]> } | undefined;
  return {
    entries() {
      if (!loaded || ttlMs === 0 || now() - loaded.at > ttlMs) {
        const entries = vouchers.listCatalogue();
        loaded = { at: now(), entries };
        entries.catch(() => {
          loaded = undefined;
        });
      }
      return loaded.entries;
    },
    invalidate() {
      loaded = undefined;
    },
  };
}
