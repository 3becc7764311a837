/**
 * The search's selection as it was before the search snapshot (issue 15): entries in memory, folded
 * and sorted per loaded copy. Kept only as the oracle of search-snapshot.test.ts, which checks that
 * a decoded snapshot answers every query exactly as this did.
 *
 * Frozen (a differential-test oracle, no production code imports it): never edit it to make a test
 * pass. A deliberate change of the search’s behaviour is specified in search.int.test.ts (and the
 * snapshot’s own cases in search-snapshot.test.ts); this file is then deleted, not changed in step.
 */
import { paginate, type Paged } from '@gm/shared/api/paged';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { foldSearchText, type SortFlag } from '@gm/shared/catalogue/search-contracts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';

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

type Listing = 'marketplace' | 'direct-sale';

export const ALL_TARGETS = 'Alle';
export const ALL_SEASONS = 'Immer';

/**
 * One entry prepared for filtering: the filter fields copied into one small object of a fixed shape
 * (the entries themselves come from the table with many keys, which makes property reads slow in a
 * 10,000-item loop), plus the folded search texts.
 */
type Indexed = {
  entry: CatalogueEntry;
  spelled: string;
  plain: string;
  seller: string;
  category: string;
  subcategory: string | null;
  region: number | null;
  target: string;
  season: string;
  featured: boolean;
  /** Price range in cents: the unit price twice for product vouchers, val_min..val_max for value vouchers. */
  low: number;
  high: number;
};

function prepare(entry: CatalogueEntry): Indexed {
  const range = entry.type === 'value' && entry.val_min !== null && entry.val_max !== null;
  return {
    entry,
    spelled: foldSearchText(entry.search_text, 'spelled'),
    plain: foldSearchText(entry.search_text, 'plain'),
    seller: entry.seller_id,
    category: entry.voucher_category_id,
    subcategory: entry.subcategory_id,
    region: entry.region_id,
    target: entry.target,
    season: entry.season,
    featured: entry.is_featured,
    low: range ? (entry.val_min as number) : entry.price_filter,
    high: range ? (entry.val_max as number) : entry.price_filter,
  };
}
type Orders = Record<SortFlag, Indexed[]>;

/**
 * Built once per loaded catalogue (same array → same index, see the cache): folded search texts and,
 * per listing, the visible entries in each of the three orders. A request then walks one ready list.
 */
type CatalogueIndex = { lists: Record<Listing, Orders>; byId: Map<string, Indexed> };

const indexes = new WeakMap<readonly CatalogueEntry[], CatalogueIndex>();

// Plain comparisons: ISO times order lexically, and localeCompare would be ten times slower on 10,000 entries.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNewest = (a: Indexed, b: Indexed) =>
  compareText(b.entry.created_at, a.entry.created_at) || compareText(a.entry.id, b.entry.id);
const byPopular = (a: Indexed, b: Indexed) => b.entry.sold_count - a.entry.sold_count || byNewest(a, b);
const byPrice = (a: Indexed, b: Indexed) => a.entry.price_filter - b.entry.price_filter || byNewest(a, b);
const comparators: Record<SortFlag, (a: Indexed, b: Indexed) => number> = {
  isNewest: byNewest,
  isMostPopular: byPopular,
  isLowestPrice: byPrice,
};

function visible(entry: CatalogueEntry, listing: Listing): boolean {
  if (!entry.is_active) return false;
  // A seller the product has not activated yet sells nothing (issue 11); absent = written before the flag.
  if (entry.seller.is_activated === false) return false;
  return listing === 'direct-sale' ? entry.display !== 'marketplace' : entry.display !== 'direktverkauf';
}

function indexOf(entries: readonly CatalogueEntry[]): CatalogueIndex {
  const known = indexes.get(entries);
  if (known) return known;
  const items = entries.map(prepare);
  const orders = {
    isNewest: [...items].sort(byNewest),
    isMostPopular: [...items].sort(byPopular),
    isLowestPrice: [...items].sort(byPrice),
  };
  const listOf = (listing: Listing): Orders => ({
    isNewest: orders.isNewest.filter((i) => visible(i.entry, listing)),
    isMostPopular: orders.isMostPopular.filter((i) => visible(i.entry, listing)),
    isLowestPrice: orders.isLowestPrice.filter((i) => visible(i.entry, listing)),
  });
  const index: CatalogueIndex = {
    lists: { marketplace: listOf('marketplace'), 'direct-sale': listOf('direct-sale') },
    byId: new Map(items.map((i) => [i.entry.id, i])),
  };
  indexes.set(entries, index);
  return index;
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

function keywordMatcher(keyword: string | undefined): ((item: Indexed) => boolean) | undefined {
  const words = foldSearchText(keyword ?? '', 'spelled')
    .split(' ')
    .filter(Boolean);
  if (!words.length) return undefined;
  const plainWords = foldSearchText(keyword ?? '', 'plain')
    .split(' ')
    .filter(Boolean);
  // Every word must occur; a word matches in the spelled-out fold (Mueller = Müller) or the plain one (Muller = Müller).
  return (item) => words.every((word, i) => item.spelled.includes(word) || item.plain.includes(plainWords[i] ?? word));
}

/** The filters beyond visibility, or undefined when there are none (then a ready list is the answer). */
function predicate(criteria: CatalogueCriteria): ((item: Indexed) => boolean) | undefined {
  const keyword = keywordMatcher(criteria.keyword);
  const targets =
    criteria.targets?.length && !criteria.targets.includes(ALL_TARGETS) ? new Set(criteria.targets) : undefined;
  const seasons =
    criteria.seasons?.length && !criteria.seasons.includes(ALL_SEASONS) ? new Set(criteria.seasons) : undefined;
  const {
    featured,
    seller_id: sellerId,
    category_id: categoryId,
    subcategory_id: subcategoryId,
    region_id: regionId,
  } = criteria;
  const from = criteria.price?.from;
  const to = criteria.price?.to;
  const price = from !== undefined && to !== undefined;
  if (
    !keyword &&
    !targets &&
    !seasons &&
    !featured &&
    !sellerId &&
    !categoryId &&
    !subcategoryId &&
    regionId === undefined &&
    !price
  )
    return undefined;
  // Quantity vouchers match by their unit price, value vouchers when their range overlaps the wanted one.
  return (item) =>
    (!featured || item.featured) &&
    (!sellerId || item.seller === sellerId) &&
    (!categoryId || item.category === categoryId) &&
    (!subcategoryId || item.subcategory === subcategoryId) &&
    (regionId === undefined || item.region === regionId) &&
    (!targets || item.target === ALL_TARGETS || targets.has(item.target)) &&
    (!seasons || item.season === ALL_SEASONS || seasons.has(item.season)) &&
    (!price || (item.low <= (to as number) && item.high >= (from as number))) &&
    (!keyword || keyword(item));
}

/** Named ids in their order (or sorted), each at most once, only visible ones that pass the filters. */
function byIds(index: CatalogueIndex, criteria: CatalogueCriteria, ids: readonly string[]): Indexed[] {
  const listing = criteria.listing ?? 'marketplace';
  const matches = predicate(criteria);
  const wanted = [...new Set(ids)]
    .map((id) => index.byId.get(id))
    .filter((i): i is Indexed => i !== undefined && visible(i.entry, listing) && (!matches || matches(i)));
  if (criteria.sort) wanted.sort(comparators[criteria.sort]);
  return wanted;
}

function withoutSearchText(entry: CatalogueEntry): VoucherCard {
  const { search_text: _text, ...card } = entry;
  return card;
}

/** The ordered, filtered catalogue (before paging). */
export function filterCatalogue(entries: readonly CatalogueEntry[], criteria: CatalogueCriteria): CatalogueEntry[] {
  const index = indexOf(entries);
  if (criteria.ids?.length) return byIds(index, criteria, criteria.ids).map((i) => i.entry);
  const ordered = index.lists[criteria.listing ?? 'marketplace'][criteria.sort ?? 'isNewest'];
  const matches = predicate(criteria);
  const selected = (matches ? ordered.filter(matches) : ordered).map((i) => i.entry);
  return criteria.seed !== undefined && !criteria.sort ? seededShuffle(selected, criteria.seed) : selected;
}

/**
 * Filters, orders and pages the catalogue: pure, shared by GET voucher and POST voucher/search.
 * The common case (a sort or the default order) walks one prepared list once, counting matches and
 * keeping only the requested page, so a request allocates nine cards and not a filtered copy.
 */
export function selectCatalogue(
  entries: readonly CatalogueEntry[],
  criteria: CatalogueCriteria,
  paging: { page: number; paginate: number },
  pageUrl: (page: number) => string,
): Paged<VoucherCard> {
  if (criteria.ids?.length || (criteria.seed !== undefined && !criteria.sort)) {
    const page = paginate(filterCatalogue(entries, criteria), paging.page, paging.paginate, pageUrl);
    return { ...page, data: page.data.map(withoutSearchText) };
  }
  const ordered = indexOf(entries).lists[criteria.listing ?? 'marketplace'][criteria.sort ?? 'isNewest'];
  const matches = predicate(criteria);
  const start = (paging.page - 1) * paging.paginate;
  const end = start + paging.paginate;
  let total = 0;
  const data: VoucherCard[] = [];
  if (!matches) {
    total = ordered.length;
    for (const item of ordered.slice(start, end)) data.push(withoutSearchText(item.entry));
  } else {
    for (const item of ordered) {
      if (!matches(item)) continue;
      if (total >= start && total < end) data.push(withoutSearchText(item.entry));
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
