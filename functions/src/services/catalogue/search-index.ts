import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { foldSearchText, type SortFlag } from '@gm/shared/catalogue/search-contracts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';

export type Listing = 'marketplace' | 'direct-sale';
export const LISTINGS: readonly Listing[] = ['marketplace', 'direct-sale'];
export const SORTS: readonly SortFlag[] = ['isNewest', 'isMostPopular', 'isLowestPrice'];

/** Flag bits per entry. */
export const FEATURED = 1;
export const VISIBLE: Record<Listing, number> = { marketplace: 2, 'direct-sale': 4 };

/** Dictionary-coded text columns: each entry holds the code of its value. */
export type CodedColumn = 'seller' | 'category' | 'subcategory' | 'target' | 'season';
export const CODED_COLUMNS: readonly CodedColumn[] = ['seller', 'category', 'subcategory', 'target', 'season'];

/**
 * The ready-to-use search index over the catalogue projection (docs/architecture.md, "Catalogue
 * search"): the filter fields as typed columns, the entries in each sort order per listing, and the
 * keyword postings (every distinct folded word → the entries whose folded text holds it). Built once
 * by the snapshot builder, so a container only decodes it (search-snapshot.ts); tests and the admin
 * paths build it in memory from entries (`searchIndexOf`). Positions are 0..size-1.
 */
export type SearchIndex = {
  readonly size: number;
  readonly ids: readonly string[];
  readonly positionOf: ReadonlyMap<string, number>;
  /** The card at a position (without search_text), a fresh object per call. */
  card(position: number): VoucherCard;
  /** Dictionaries of the coded columns: value → code (null is a value too). */
  readonly codes: Record<CodedColumn, ReadonlyMap<string | null, number>>;
  readonly columns: Record<CodedColumn, Int32Array>;
  /** Region id, NaN for none. */
  readonly region: Float64Array;
  /** Price range in cents: the unit price twice for product vouchers, val_min..val_max for value vouchers. */
  readonly low: Float64Array;
  readonly high: Float64Array;
  readonly flags: Uint8Array;
  /** Visible positions of each listing in each order. */
  readonly orders: Record<Listing, Record<SortFlag, Int32Array>>;
  /** Rank of every position in each order (for sorting a named subset). */
  readonly ranks: Record<SortFlag, Int32Array>;
  /** Distinct folded words joined by '\n'; `tokenStarts[t]` is where word t begins (one extra at the end). */
  readonly vocabulary: string;
  readonly tokenStarts: Int32Array;
  /** Postings of word t: `postings[postingStarts[t] .. postingStarts[t+1]]`, each `position << 2 | mask`. */
  readonly postingStarts: Int32Array;
  readonly postings: Int32Array;
};

/** Posting mask bits: the word occurs in the spelled-out fold (ü → ue), in the plain fold (ü → u). */
export const IN_SPELLED = 1;
export const IN_PLAIN = 2;

// Plain comparisons: ISO times order lexically, and localeCompare would be ten times slower on 10,000 entries.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNewest = (a: CatalogueEntry, b: CatalogueEntry) =>
  compareText(b.created_at, a.created_at) || compareText(a.id, b.id);
const byPopular = (a: CatalogueEntry, b: CatalogueEntry) => b.sold_count - a.sold_count || byNewest(a, b);
const byPrice = (a: CatalogueEntry, b: CatalogueEntry) => a.price_filter - b.price_filter || byNewest(a, b);
const comparators: Record<SortFlag, (a: CatalogueEntry, b: CatalogueEntry) => number> = {
  isNewest: byNewest,
  isMostPopular: byPopular,
  isLowestPrice: byPrice,
};

export function visible(entry: CatalogueEntry, listing: Listing): boolean {
  if (!entry.is_active) return false;
  // A seller the product has not activated yet sells nothing (issue 11); absent = written before the flag.
  if (entry.seller.is_activated === false) return false;
  return listing === 'direct-sale' ? entry.display !== 'marketplace' : entry.display !== 'direktverkauf';
}

function columnValue(entry: CatalogueEntry, column: CodedColumn): string | null {
  switch (column) {
    case 'seller':
      return entry.seller_id;
    case 'category':
      return entry.voucher_category_id;
    case 'subcategory':
      return entry.subcategory_id;
    case 'target':
      return entry.target;
    case 'season':
      return entry.season;
  }
}

/** The columns, orders and postings of an index (everything but the cards). */
export type IndexParts = Omit<SearchIndex, 'card' | 'positionOf'>;

/** Builds the index parts from entries: the work the snapshot builder does off the request path. */
export function buildIndexParts(entries: readonly CatalogueEntry[]): IndexParts {
  const size = entries.length;
  const codes = Object.fromEntries(CODED_COLUMNS.map((c) => [c, new Map<string | null, number>()])) as Record<
    CodedColumn,
    Map<string | null, number>
  >;
  const columns = Object.fromEntries(CODED_COLUMNS.map((c) => [c, new Int32Array(size)])) as Record<
    CodedColumn,
    Int32Array
  >;
  const region = new Float64Array(size);
  const low = new Float64Array(size);
  const high = new Float64Array(size);
  const flags = new Uint8Array(size);
  const tokenIds = new Map<string, number>();
  const tokenPostings: number[][] = [];

  entries.forEach((entry, position) => {
    for (const column of CODED_COLUMNS) {
      const value = columnValue(entry, column);
      let code = codes[column].get(value);
      if (code === undefined) {
        code = codes[column].size;
        codes[column].set(value, code);
      }
      columns[column][position] = code;
    }
    region[position] = entry.region_id ?? Number.NaN;
    const range = entry.type === 'value' && entry.val_min !== null && entry.val_max !== null;
    low[position] = range ? (entry.val_min as number) : entry.price_filter;
    high[position] = range ? (entry.val_max as number) : entry.price_filter;
    flags[position] =
      (entry.is_featured ? FEATURED : 0) |
      (visible(entry, 'marketplace') ? VISIBLE.marketplace : 0) |
      (visible(entry, 'direct-sale') ? VISIBLE['direct-sale'] : 0);

    const spelled = new Set(foldSearchText(entry.search_text, 'spelled').split(' '));
    const plain = new Set(foldSearchText(entry.search_text, 'plain').split(' '));
    for (const word of new Set([...spelled, ...plain])) {
      if (!word) continue;
      let id = tokenIds.get(word);
      if (id === undefined) {
        id = tokenPostings.length;
        tokenIds.set(word, id);
        tokenPostings.push([]);
      }
      const mask = (spelled.has(word) ? IN_SPELLED : 0) | (plain.has(word) ? IN_PLAIN : 0);
      (tokenPostings[id] as number[]).push((position << 2) | mask);
    }
  });

  const all = Array.from({ length: size }, (_, i) => i);
  const ranks = {} as Record<SortFlag, Int32Array>;
  const sorted = {} as Record<SortFlag, number[]>;
  for (const sort of SORTS) {
    const compare = comparators[sort];
    const order = [...all].sort((a, b) => compare(entries[a] as CatalogueEntry, entries[b] as CatalogueEntry));
    sorted[sort] = order;
    const rank = new Int32Array(size);
    order.forEach((position, r) => (rank[position] = r));
    ranks[sort] = rank;
  }
  const orders = Object.fromEntries(
    LISTINGS.map((listing) => [
      listing,
      Object.fromEntries(
        SORTS.map((sort) => [
          sort,
          Int32Array.from(sorted[sort].filter((position) => (flags[position] as number) & VISIBLE[listing])),
        ]),
      ),
    ]),
  ) as Record<Listing, Record<SortFlag, Int32Array>>;

  const words = [...tokenIds.keys()];
  const tokenStarts = new Int32Array(words.length + 1);
  let offset = 0;
  words.forEach((word, t) => {
    tokenStarts[t] = offset;
    offset += word.length + 1;
  });
  tokenStarts[words.length] = offset;
  const postingStarts = new Int32Array(words.length + 1);
  let total = 0;
  tokenPostings.forEach((list, t) => {
    postingStarts[t] = total;
    total += list.length;
  });
  postingStarts[words.length] = total;
  const postings = new Int32Array(total);
  tokenPostings.forEach((list, t) => postings.set(list, postingStarts[t] as number));

  return {
    size,
    ids: entries.map((e) => e.id),
    codes,
    columns,
    region,
    low,
    high,
    flags,
    orders,
    ranks,
    vocabulary: words.join('\n'),
    tokenStarts,
    postingStarts,
    postings,
  };
}

export function withoutSearchText(entry: CatalogueEntry): VoucherCard {
  const { search_text: _text, ...card } = entry;
  return card;
}

const inMemory = new WeakMap<readonly CatalogueEntry[], SearchIndex & { entry(position: number): CatalogueEntry }>();

/** The index over entries held in memory (tests, admin lists); built once per array. */
export function searchIndexOf(
  entries: readonly CatalogueEntry[],
): SearchIndex & { entry(position: number): CatalogueEntry } {
  const known = inMemory.get(entries);
  if (known) return known;
  const parts = buildIndexParts(entries);
  const index = {
    ...parts,
    positionOf: new Map(parts.ids.map((id, i) => [id, i])),
    card: (position: number) => withoutSearchText(entries[position] as CatalogueEntry),
    entry: (position: number) => entries[position] as CatalogueEntry,
  };
  inMemory.set(entries, index);
  return index;
}

/**
 * Positions whose folded text holds every word of the keyword (a word matches inside a word:
 * `massage` finds `hot-stone-massage`), or undefined without words. A word matches in the
 * spelled-out fold (Mueller = Müller) or the plain one (Muller = Müller), as `foldSearchText` does.
 */
export function keywordHits(index: SearchIndex, keyword: string | undefined): Uint16Array | undefined {
  const words = foldSearchText(keyword ?? '', 'spelled')
    .split(' ')
    .filter(Boolean);
  if (!words.length) return undefined;
  const plainWords = foldSearchText(keyword ?? '', 'plain')
    .split(' ')
    .filter(Boolean);
  // stamp[p] = how many words (in order) position p has matched so far.
  const stamp = new Uint16Array(index.size);
  words.forEach((word, i) => {
    const mark = (needle: string, bit: number) => {
      forEachToken(index, needle, (t) => {
        const end = index.postingStarts[t + 1] as number;
        for (let k = index.postingStarts[t] as number; k < end; k++) {
          const posting = index.postings[k] as number;
          if (!(posting & bit)) continue;
          const position = posting >> 2;
          if (stamp[position] === i) stamp[position] = i + 1;
        }
      });
    };
    mark(word, IN_SPELLED);
    mark(plainWords[i] ?? word, IN_PLAIN);
  });
  const all = words.length;
  for (let p = 0; p < stamp.length; p++) stamp[p] = stamp[p] === all ? 1 : 0;
  return stamp;
}

/** Calls `visit` with every word of the vocabulary that contains `needle`. */
function forEachToken(index: SearchIndex, needle: string, visit: (token: number) => void): void {
  const { vocabulary, tokenStarts } = index;
  const count = tokenStarts.length - 1;
  let from = 0;
  for (;;) {
    const at = vocabulary.indexOf(needle, from);
    if (at < 0) return;
    // The word holding `at`: the last start ≤ at.
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((tokenStarts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    visit(lo);
    from = tokenStarts[lo + 1] as number;
  }
}
