import type { Paged } from '@gm/shared/api/paged';
import { ValidationError } from '../lib/errors.ts';

/**
 * Paging a growing partition (data-model: "no Scan, no reading a growing range per page"): a Query
 * with `Limit` answers one page and its LastEvaluatedKey; next_page_url carries that key as `cursor`
 * (base64url JSON). A cursor is only ever accepted for the partition it came from (422 otherwise),
 * so a client cannot start a Query anywhere else in the table.
 */
export type StartKey = Record<string, unknown>;

/** One Query page of a repository: the items and where the next page starts (none: the partition ended). */
export type KeyPage<T> = { items: T[]; lastKey?: StartKey };

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
  page: { page: number; perPage: number; total: number; next: string | null },
): Paged<T> {
  const from = data.length ? (page.page - 1) * page.perPage + 1 : null;
  return {
    data,
    current_page: page.page,
    last_page: Math.max(1, Math.ceil(page.total / page.perPage)),
    next_page_url: page.next,
    total: page.total,
    per_page: page.perPage,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

/**
 * One page of a growing partition, newest (or first) `perPage` rows from `cursor`: `read` is the
 * repository's `Limit` Query, `count` its `Select: COUNT` Query on the same key range. A page number
 * without a cursor reads the pages before it in one go (a link from elsewhere; the tables follow
 * next_page_url). next_page_url (from `pageUrl`, with the caller's filters) only while a page follows.
 */
export async function cursorPage<T>(input: {
  page: number;
  perPage: number;
  cursor: string | null | undefined;
  partition: CursorPartition;
  read: (limit: number, start?: StartKey) => Promise<KeyPage<T>>;
  count: () => Promise<number>;
  pageUrl: (page: number, cursor: string) => string;
}): Promise<Paged<T>> {
  const { page, perPage } = input;
  let start = input.cursor ? decodeCursor(input.cursor, input.partition) : undefined;
  if (!start && page > 1) {
    const skipped = await input.read((page - 1) * perPage);
    start = skipped.lastKey as Record<string, string> | undefined;
    if (!start) return pageAnswer([], { page, perPage, total: await input.count(), next: null });
  }
  const [current, total] = await Promise.all([input.read(perPage, start), input.count()]);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const next = current.lastKey && page < lastPage ? input.pageUrl(page + 1, encodeCursor(current.lastKey)) : null;
  return pageAnswer(current.items, { page, perPage, total, next });
}
