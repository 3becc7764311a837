import type { Paged } from '@gm/shared/api/paged';
import { ValidationError } from '../lib/errors.ts';

/**
 * Paging a growing partition (data-model: "no Scan, no reading a growing range per page"): a Query
 * with `Limit` answers one page and its LastEvaluatedKey; next_page_url carries that key as `cursor`
 * (base64url JSON). A cursor is only ever accepted for the partition it came from (422 otherwise),
 * so a client cannot start a Query anywhere else in the table.
 */
export type StartKey = Record<string, unknown>;

/**
 * One Query page of a repository: the items and where the next page starts (none: the partition
 * ended). `cut`: a bounded read (a filter matching little) stopped before the page was full —
 * `lastKey` searches on from there.
 */
export type KeyPage<T> = { items: T[]; lastKey?: StartKey; cut?: boolean };

/** The partition a cursor must point into: the index queried and its partition key value. */
export type CursorPartition = {
  index: 'GSI1' | 'GSI2' | 'GSI3';
  pk: string;
  /** A further check of the item's own key (e.g. `PK` starting with `ORDER#`). */
  item?: (key: { PK: string; SK: string }) => boolean;
};

export const INVALID_CURSOR = 'Der Cursor ist ungültig.';

/** next_page_url's `cursor`: the LastEvaluatedKey as base64url JSON. */
export function encodeCursor(key: StartKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The start key of a `cursor`: exactly the table key (`PK`, `SK`) and the index key of `partition`,
 * all strings, the index's partition key being `partition.pk`. Anything else is a 422 on `cursor`.
 */
export function decodeCursor(cursor: string, partition: CursorPartition): Record<string, string> {
  const names = ['PK', 'SK', `${partition.index}PK`, `${partition.index}SK`];
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ValidationError.field('cursor', INVALID_CURSOR);
  }
  if (key && typeof key === 'object' && !Array.isArray(key)) {
    const entries = Object.entries(key);
    const typed = key as Record<string, string>;
    if (
      entries.length === names.length &&
      entries.every(([name, value]) => names.includes(name) && typeof value === 'string') &&
      typed[`${partition.index}PK`] === partition.pk &&
      (!partition.item || partition.item({ PK: typed.PK!, SK: typed.SK! }))
    )
      return typed;
  }
  throw ValidationError.field('cursor', INVALID_CURSOR);
}

/** The paged answer (shared/src/api/paged.ts) of one page of `total` rows; `next` is next_page_url. */
export function pageAnswer<T>(
  data: T[],
  page: {
    page: number;
    perPage: number;
    total: number;
    next: string | null;
    lastPage?: number;
    exact?: boolean;
    /** Rows before this page, where an earlier page was cut short (default: full pages). */
    before?: number;
  },
): Paged<T> {
  const from = data.length ? (page.before ?? (page.page - 1) * page.perPage) + 1 : null;
  return {
    data,
    current_page: page.page,
    last_page: page.lastPage ?? Math.max(1, Math.ceil(page.total / page.perPage)),
    next_page_url: page.next,
    total: page.total,
    per_page: page.perPage,
    from,
    to: from === null ? null : from + data.length - 1,
    ...(page.exact === false ? { total_exact: false as const } : {}),
  };
}

/** How a list learns its `total` without reading its whole partition (issue 15). */
export type PageTotal =
  /** The list's row counter (repositories/list-counts.ts, one GetItem), or a COUNT over a bounded range. */
  | { exact: () => Promise<number> }
  /**
   * A filtered list (a keyword, a range that moves with today): the matches from the page's start,
   * read with a bounded budget (`queryCountUpTo`); `ended` false = there may be more.
   */
  | { ahead: (start: StartKey | undefined) => Promise<{ count: number; ended: boolean }> };

/**
 * One page of a growing partition, newest (or first) `perPage` rows from `cursor`: `read` is the
 * repository's `Limit` Query, `total` how the number of rows is learnt (above). A page number
 * without a cursor reads the pages before it in one go (a link from elsewhere; the tables follow
 * next_page_url). next_page_url (from `pageUrl`, with the caller's filters) only while a page follows.
 *
 * An exact total is never less than the rows seen (a counter may lag the newest rows by the
 * aggregator's staleness). A bounded total is the rows before this page plus the matches counted
 * ahead; while the count did not reach the end it is a lower bound (`total_exact: false`) and
 * `last_page` is at least the next page, so it grows as the user pages on.
 *
 * A bounded `read` that was `cut` (fewer rows than a page, the partition not ended) answers the rows
 * found and always a next_page_url to search on; as pages before it may then be short, next_page_url
 * carries `seen` (the rows before the next page), which `seen` gives back for `from`, `to` and `total`.
 * A page number without cursor whose skipping read is cut answers an empty page that searches on.
 */
export async function cursorPage<T>(input: {
  page: number;
  perPage: number;
  cursor: string | null | undefined;
  partition: CursorPartition;
  read: (limit: number, start?: StartKey) => Promise<KeyPage<T>>;
  total: PageTotal;
  /** `seen`: only after a cut page (the rows before page `page`, when not `(page - 1) * perPage`). */
  pageUrl: (page: number, cursor: string, seen?: number) => string;
  /** The `seen` of next_page_url (only together with `cursor`). */
  seen?: number | null;
}): Promise<Paged<T>> {
  const { page, perPage } = input;
  let start = input.cursor ? decodeCursor(input.cursor, input.partition) : undefined;
  const before = start && typeof input.seen === 'number' ? input.seen : (page - 1) * perPage;
  if (!start && page > 1) {
    const skipped = await input.read(before);
    start = skipped.lastKey as Record<string, string> | undefined;
    if (start && skipped.cut) {
      // The pages before were not all found within the read's bound: search on for this page.
      const rows = skipped.items.length;
      const next = input.pageUrl(page, encodeCursor(start), rows);
      return pageAnswer([], { page, perPage, total: rows, next, lastPage: page, exact: false, before: rows });
    }
    if (!start) {
      // Fewer rows than the pages before: an empty page past the end.
      const rows = skipped.items.length;
      const total = 'exact' in input.total ? Math.max(await input.total.exact(), rows) : rows;
      return pageAnswer([], { page, perPage, total, next: null });
    }
  }
  const counting = 'exact' in input.total ? input.total.exact() : input.total.ahead(start);
  const [current, counted] = await Promise.all([input.read(perPage, start), counting]);
  const seen = before + current.items.length;
  let total: number;
  let exact = true;
  if (typeof counted === 'number') total = Math.max(counted, seen);
  else {
    total = Math.max(before + counted.count, seen);
    exact = counted.ended;
  }
  if (current.cut) exact = false;
  let lastPage = Math.max(1, page - 1 + Math.ceil((total - before) / perPage));
  if (!exact && current.lastKey) lastPage = Math.max(lastPage, page + 1);
  const seenNext = before === (page - 1) * perPage && !current.cut ? undefined : seen;
  const next =
    current.lastKey && page < lastPage ? input.pageUrl(page + 1, encodeCursor(current.lastKey), seenNext) : null;
  return pageAnswer(current.items, { page, perPage, total, next, lastPage, exact, before });
}
