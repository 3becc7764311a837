import { paginate, type Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { SortFlag } from '@gm/shared/catalogue/search-contracts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import {
  FEATURED,
  VISIBLE,
  keywordHits,
  searchIndexOf,
  type CodedColumn,
  type Listing,
  type SearchIndex,
} from './search-index.ts';

/** Everything a public list or the search can ask of the catalogue (already validated and resolved). */
export type CatalogueCriteria = {
  /** marketplace: what guests and buyers may buy; direct-sale: a seller's till list (display all or direktverkauf). */
  listing?: Listing;
  keyword?: string | undefined;
  featured?: boolean | undefined;
  seller_id?: string | undefined;
  category_id?: string | undefined;
  subcategory_id?: string | undefined;
  region_id?: number | undefined;
  /** Target groups; a voucher for 'Alle' matches any, and choosing 'Alle' matches every voucher. */
  targets?: readonly string[] | undefined;
  /** Seasons; 'Immer' plays the role of 'Alle'. */
  seasons?: readonly string[] | undefined;
  /** Cents; applied only when both ends are given. */
  price?: { from?: number | undefined; to?: number | undefined } | undefined;
  /** Exactly these vouchers; their order is the default order. */
  ids?: readonly string[] | undefined;
  sort?: SortFlag | undefined;
  /** Stable random order when neither a sort nor ids are given. */
  seed?: number | undefined;
};

export const ALL_TARGETS = 'Alle';
export const ALL_SEASONS = 'Immer';

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

/** The filters beyond visibility, or undefined when there are none (then a ready list is the answer). */
function predicate(index: SearchIndex, criteria: CatalogueCriteria): ((position: number) => boolean) | undefined {
  const hits = keywordHits(index, criteria.keyword);
  const codesOf = (column: CodedColumn, values: readonly string[]) =>
    new Set(values.map((v) => index.codes[column].get(v)).filter((c): c is number => c !== undefined));
  const targets =
    criteria.targets?.length && !criteria.targets.includes(ALL_TARGETS)
      ? codesOf('target', criteria.targets)
      : undefined;
  const seasons =
    criteria.seasons?.length && !criteria.seasons.includes(ALL_SEASONS)
      ? codesOf('season', criteria.seasons)
      : undefined;
  const allTargets = index.codes.target.get(ALL_TARGETS) ?? -1;
  const allSeasons = index.codes.season.get(ALL_SEASONS) ?? -1;
  const { featured, region_id: regionId } = criteria;
  // An unknown value has no code and matches nothing (-2 is never a code).
  const code = (column: CodedColumn, value: string | undefined) =>
    value ? (index.codes[column].get(value) ?? -2) : undefined;
  const seller = code('seller', criteria.seller_id);
  const category = code('category', criteria.category_id);
  const subcategory = code('subcategory', criteria.subcategory_id);
  const from = criteria.price?.from;
  const to = criteria.price?.to;
  const price = from !== undefined && to !== undefined;
  if (
    !hits &&
    !targets &&
    !seasons &&
    !featured &&
    seller === undefined &&
    category === undefined &&
    subcategory === undefined &&
    regionId === undefined &&
    !price
  )
    return undefined;
  const { columns, flags, region, low, high } = index;
  // Quantity vouchers match by their unit price, value vouchers when their range overlaps the wanted one.
  return (p) =>
    (!featured || ((flags[p] as number) & FEATURED) !== 0) &&
    (seller === undefined || columns.seller[p] === seller) &&
    (category === undefined || columns.category[p] === category) &&
    (subcategory === undefined || columns.subcategory[p] === subcategory) &&
    (regionId === undefined || region[p] === regionId) &&
    (!targets || columns.target[p] === allTargets || targets.has(columns.target[p] as number)) &&
    (!seasons || columns.season[p] === allSeasons || seasons.has(columns.season[p] as number)) &&
    (!price || ((low[p] as number) <= (to as number) && (high[p] as number) >= (from as number))) &&
    (!hits || hits[p] === 1);
}

/** Named ids in their order (or sorted), each at most once, only visible ones that pass the filters. */
function byIds(index: SearchIndex, criteria: CatalogueCriteria, ids: readonly string[]): number[] {
  const listing = criteria.listing ?? 'marketplace';
  const matches = predicate(index, criteria);
  const wanted = [...new Set(ids)]
    .map((id) => index.positionOf.get(id))
    .filter(
      (p): p is number =>
        p !== undefined && ((index.flags[p] as number) & VISIBLE[listing]) !== 0 && (!matches || matches(p)),
    );
  if (criteria.sort) {
    const rank = index.ranks[criteria.sort];
    wanted.sort((a, b) => (rank[a] as number) - (rank[b] as number));
  }
  return wanted;
}

/** The ordered, filtered positions (before paging). */
function filterPositions(index: SearchIndex, criteria: CatalogueCriteria): number[] {
  if (criteria.ids?.length) return byIds(index, criteria, criteria.ids);
  const ordered = index.orders[criteria.listing ?? 'marketplace'][criteria.sort ?? 'isNewest'];
  const matches = predicate(index, criteria);
  const selected = matches ? Array.from(ordered).filter(matches) : Array.from(ordered);
  return criteria.seed !== undefined && !criteria.sort ? seededShuffle(selected, criteria.seed) : selected;
}

/** The ordered, filtered catalogue (before paging). */
export function filterCatalogue(entries: readonly CatalogueEntry[], criteria: CatalogueCriteria): CatalogueEntry[] {
  const index = searchIndexOf(entries);
  return filterPositions(index, criteria).map((p) => index.entry(p));
}

/** The catalogue as the search reads it: a decoded snapshot, or entries in memory (tests). */
export type CatalogueSource = SearchIndex | readonly CatalogueEntry[];
const indexFrom = (source: CatalogueSource): SearchIndex =>
  Array.isArray(source) ? searchIndexOf(source) : (source as SearchIndex);

/**
 * Filters, orders and pages the catalogue: pure, shared by GET voucher and POST voucher/search.
 * The common case (a sort or the default order) walks one prepared list once, counting matches and
 * keeping only the requested page, so a request materialises nine cards and not a filtered copy.
 */
export function selectCatalogue(
  source: CatalogueSource,
  criteria: CatalogueCriteria,
  paging: { page: number; paginate: number },
  pageUrl: (page: number) => string,
): Paged<VoucherCard> {
  const index = indexFrom(source);
  if (criteria.ids?.length || (criteria.seed !== undefined && !criteria.sort)) {
    const page = paginate(filterPositions(index, criteria), paging.page, paging.paginate, pageUrl);
    return { ...page, data: page.data.map((p) => index.card(p)) };
  }
  const ordered = index.orders[criteria.listing ?? 'marketplace'][criteria.sort ?? 'isNewest'];
  const matches = predicate(index, criteria);
  const start = (paging.page - 1) * paging.paginate;
  const end = start + paging.paginate;
  let total = 0;
  const data: VoucherCard[] = [];
  if (!matches) {
    total = ordered.length;
    for (const p of ordered.subarray(Math.min(start, total), Math.min(end, total))) data.push(index.card(p));
  } else {
    for (let k = 0; k < ordered.length; k++) {
      const p = ordered[k] as number;
      if (!matches(p)) continue;
      if (total >= start && total < end) data.push(index.card(p));
      total += 1;
    }
  }
  const lastPage = Math.max(1, Math.ceil(total / paging.paginate));
  return {
    data,
    current_page: paging.page,
    last_page: lastPage,
    next_page_url: paging.page < lastPage ? pageUrl(paging.page + 1) : null,
    total,
    per_page: paging.paginate,
    from: data.length ? start + 1 : null,
    to: data.length ? start + data.length : null,
  };
}
