import { paginate, type Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import type { Deps } from '../deps.ts';

export type VoucherListInput = {
  page: number;
  paginate: number;
  featured?: boolean | undefined;
  newest?: boolean | undefined;
  seller_id?: string | undefined;
  keyword?: string | undefined;
  seed?: number | undefined;
};

/** Public marketplace lists: active vouchers not reserved for direct sale. */
export function isListed(entry: CatalogueEntry): boolean {
  return entry.is_active && entry.display !== 'direktverkauf';
}

/** Deterministic shuffle (mulberry32) so a client's `seed` keeps a random order stable across pages. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Filters, orders and pages the catalogue: pure, so lists and (later) search share it. */
export function selectVouchers(entries: readonly CatalogueEntry[], input: VoucherListInput, pageUrl: (page: number) => string): Paged<VoucherCard> {
  const keyword = input.keyword?.trim().toLowerCase();
  let selected = entries.filter(
    (e) =>
      isListed(e) &&
      (!input.featured || e.is_featured) &&
      (!input.seller_id || e.seller_id === input.seller_id) &&
      (!keyword || e.search_text.includes(keyword)),
  );
  const byNewest = (a: CatalogueEntry, b: CatalogueEntry) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);
  selected = input.seed !== undefined && !input.newest ? seededShuffle([...selected].sort(byNewest), input.seed) : [...selected].sort(byNewest);
  const page = paginate(selected, input.page, input.paginate, pageUrl);
  return { ...page, data: page.data.map(({ search_text: _text, ...card }) => card) };
}

export async function listVouchers(deps: Pick<Deps, 'catalogue'>, input: VoucherListInput, pageUrl: (page: number) => string): Promise<Paged<VoucherCard>> {
  return selectVouchers(await deps.catalogue.entries(), input, pageUrl);
}
