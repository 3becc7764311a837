import { CATEGORY_SHORTCUTS, PAGE_SIZE, REGION_IDS, SEASONS, TARGET_GROUPS } from '@gm/shared/catalogue/reference-data';
import type { SortFlag, VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { formatEuro, parseEuroInput } from '@gm/shared/money/money';
import { MSG } from '@gm/shared/validation/messages';

/**
 * The state of 'Gutscheine entdecken' and the category page. It lives in the URL (shareable, Back
 * works), so these functions translate between query parameters, the filter form and the
 * `POST voucher/search` body. Pure, so the rules of 01 §4/§5 are unit-tested here.
 */
export type SortKey = 'newest' | 'popular' | 'price';

export type SearchState = {
  keyword: string;
  /** Region id as text; '' = all regions. */
  region: string;
  /** Category id or slug; '' = all. */
  category: string;
  subcategory: string;
  /** Price inputs as typed (euros, German or plain notation). */
  priceFrom: string;
  priceTo: string;
  targets: string[];
  seasons: string[];
  sort: SortKey | null;
  /** The results page on desktop (mobile lists load on instead); reset to 1 by every other change. */
  page: number;
};

export const EMPTY_SEARCH: SearchState = {
  keyword: '',
  region: '',
  category: '',
  subcategory: '',
  priceFrom: '',
  priceTo: '',
  targets: [],
  seasons: [],
  sort: null,
  page: 1,
};

export const SORT_OPTIONS: ReadonlyArray<{ key: SortKey; label: string; flag: SortFlag }> = [
  { key: 'newest', label: 'Neueste', flag: 'isNewest' },
  { key: 'popular', label: 'Beliebteste', flag: 'isMostPopular' },
  { key: 'price', label: 'Niedrigster Preis', flag: 'isLowestPrice' },
];

/** Query parameters the page writes; `voucher` and `seller` (the modals) are left alone. */
const STATE_PARAMS = [
  'keyword',
  'region',
  'isRegion',
  'category',
  'subcategory',
  'from',
  'to',
  'targets',
  'seasons',
  'sort',
  'page',
] as const;

function listParam(params: URLSearchParams, name: string, allowed: readonly string[]): string[] {
  const values = params.getAll(name).flatMap((v) => v.split(','));
  return [...new Set(values.map((v) => v.trim()).filter((v) => allowed.includes(v)))];
}

/** Reads the state; the home banner sends `keyword` and `region`, older links `isRegion`. */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const region = params.get('region') || params.get('isRegion') || '';
  const sort = params.get('sort');
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    region: (REGION_IDS as readonly number[]).includes(Number(region)) ? String(Number(region)) : '',
    category: params.get('category')?.trim() ?? '',
    subcategory: params.get('subcategory')?.trim() ?? '',
    priceFrom: cleanPriceInput(params.get('from') ?? ''),
    priceTo: cleanPriceInput(params.get('to') ?? ''),
    targets: listParam(params, 'targets', TARGET_GROUPS),
    seasons: listParam(params, 'seasons', SEASONS),
    sort: sort === 'newest' || sort === 'popular' || sort === 'price' ? sort : null,
    page: pageParam(params.get('page')),
  };
}

/** A page number from the URL: a whole number from 1, anything else is page 1. */
function pageParam(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Writes the state into a copy of `current`, dropping empty values and keeping the other parameters. */
export function searchStateToParams(
  state: SearchState,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of STATE_PARAMS) next.delete(name);
  const set = (name: string, value: string) => {
    if (value) next.set(name, value);
  };
  set('keyword', state.keyword.trim());
  set('region', state.region);
  set('category', state.category);
  set('subcategory', state.subcategory);
  set('from', state.priceFrom);
  set('to', state.priceTo);
  set('targets', state.targets.join(','));
  set('seasons', state.seasons.join(','));
  set('sort', state.sort ?? '');
  set('page', state.page > 1 ? String(state.page) : '');
  return next;
}

/** A change of the search state, applied to the latest state rather than to the one a handler closed over. */
export type SearchUpdate = (state: SearchState) => SearchState;

/** The query parameters last written and the state they hold. */
export type SearchLocation = { params: URLSearchParams; state: SearchState };

/** True when two states search for the same (they may show different pages). */
export function sameSearch(a: SearchState, b: SearchState): boolean {
  return searchStateToParams({ ...a, page: 1 }).toString() === searchStateToParams({ ...b, page: 1 }).toString();
}

/**
 * Applies `update` to the latest written location. Chaining on this (instead of the state of the last
 * render) keeps two changes made before the page re-renders, such as a quick double click on a sort
 * button, from both starting at the old state: the second click then undoes the first as it should.
 * Every change of filters, sort or keyword starts again at page 1 (01 §4), also one that returns to
 * an earlier search (clearing a sort, 'Alle Regionen').
 */
export function applySearchUpdate(latest: SearchLocation, update: SearchUpdate): SearchLocation {
  const changed = update(latest.state);
  const state = sameSearch(changed, latest.state) ? changed : { ...changed, page: 1 };
  return { state, params: searchStateToParams(state, latest.params) };
}

/** Goes to another results page of the same search. */
export function goToPage(page: number): SearchUpdate {
  return (state) => ({ ...state, page: Math.max(1, page) });
}

/** Sorts are mutually exclusive: choosing one clears the others, choosing it again clears it; sorting clears the keyword (01 §4). */
export function toggleSort(state: SearchState, sort: SortKey): SearchState {
  return { ...state, sort: state.sort === sort ? null : sort, keyword: '' };
}

export function toggleListValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** A negative price becomes empty (01 §5); anything else is kept as typed. */
export function cleanPriceInput(text: string): string {
  const cents = parseEuroInput(text);
  return cents !== undefined && cents < 0 ? '' : text.trim();
}

export type PriceFilter = { range?: { from: number; to: number }; error?: string };

/** The price range in cents: applied only when both ends are valid numbers (01 §5); `to` below `from` is an error. */
export function priceFilterOf(fromText: string, toText: string): PriceFilter {
  const from = parseEuroInput(fromText);
  const to = parseEuroInput(toText);
  if (from === undefined || to === undefined || from < 0 || to < 0) return {};
  // The rules of the contract's priceRangeSchema (whole cents, `to` not below `from`), by hand: the search
  // page's first load carries no zod (issue 15). search-state.test.ts holds both to the same answers.
  if (!Number.isInteger(from) || !Number.isInteger(to)) return { error: MSG.integer };
  if (to < from) return { error: MSG.minValue(formatEuro(from)) };
  return { range: { from, to } };
}

/** The request body for one page of results; `fixedCategory` is the category page's own category. */
export function searchRequestOf(
  state: SearchState,
  options: { fixedCategory?: string; paginate?: number } = {},
): VoucherSearchRequest {
  const body: VoucherSearchRequest = { paginate: options.paginate ?? PAGE_SIZE.search };
  const keyword = state.keyword.trim();
  if (keyword) body.keyword = keyword;
  if (state.region) body.isRegion = Number(state.region);
  const category = options.fixedCategory ?? state.category;
  if (category) body.isCategory = category;
  if (state.subcategory) body.subcategory = state.subcategory;
  if (state.targets.length) body.targets = [...state.targets];
  if (state.seasons.length) body.seasons = [...state.seasons];
  const price = priceFilterOf(state.priceFrom, state.priceTo);
  if (price.range) body.isPrice = price.range;
  const flag = SORT_OPTIONS.find((o) => o.key === state.sort)?.flag;
  if (flag) body[flag] = true;
  return body;
}

/** How many filters are set (the mobile filter button shows it). */
export function activeFilterCount(state: SearchState, options: { fixedCategory?: boolean } = {}): number {
  return (
    (state.region ? 1 : 0) +
    (state.category && !options.fixedCategory ? 1 : 0) +
    (state.subcategory ? 1 : 0) +
    (priceFilterOf(state.priceFrom, state.priceTo).range ? 1 : 0) +
    state.targets.length +
    state.seasons.length +
    (state.sort ? 1 : 0)
  );
}

/** The category a /vouchers/category/{slug} route shows: a home shortcut may use another name (kurzurlaub → genuss, 01 §9). */
export function categorySlugFor(routeSlug: string): string {
  const slug = routeSlug.trim().toLowerCase();
  const shortcut = CATEGORY_SHORTCUTS.find((s) => s.slug === slug);
  return shortcut && 'category' in shortcut ? shortcut.category : slug;
}

/** `?vouchers=id1,id2` (/wp): trimmed, without blanks and repeats, at most `max`. */
export function parseVoucherIds(param: string | null, max: number): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, max);
}
