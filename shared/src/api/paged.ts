import * as z from 'zod/mini';
import { intParam } from '../validation/fields.ts';

/** The spec's paged list wrapper (01 §3, 03 §3). */
export const pagedSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().check(z.int()),
    last_page: z.number().check(z.int()),
    next_page_url: z.nullable(z.string()),
    total: z.number().check(z.int()),
    per_page: z.number().check(z.int()),
    from: z.nullable(z.number().check(z.int())),
    to: z.nullable(z.number().check(z.int())),
    total_exact: z.optional(z.literal(false)),
  });

export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  next_page_url: string | null;
  total: number;
  per_page: number;
  from: number | null;
  to: number | null;
  /**
   * Only `false`, and only on a filtered list whose partition grows (issue 15): `total` counts the
   * rows before the page plus those found within a bounded read ahead — a lower bound, and
   * `last_page` grows as one pages on. Absent: `total` is exact.
   */
  total_exact?: false;
};

export const pageQuerySchema = (defaultPerPage: number) =>
  z.object({
    page: z._default(intParam(1, 100000), 1),
    paginate: z._default(intParam(1, 100), defaultPerPage),
  });

/** Cuts one page out of an ordered list; `pageUrl(n)` builds next_page_url with the caller's filters. */
export function paginate<T>(
  all: readonly T[],
  page: number,
  perPage: number,
  pageUrl: (page: number) => string,
): Paged<T> {
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const data = all.slice(start, start + perPage);
  return {
    data,
    current_page: page,
    last_page: lastPage,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
    total,
    per_page: perPage,
    from: data.length ? start + 1 : null,
    to: data.length ? start + data.length : null,
  };
}
