import * as z from 'zod/mini';
import { preprocess } from '../validation/fields.ts';
import { pagedSchema } from '../api/paged.ts';
import { formatEuro } from '../money/money.ts';
import { intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import { voucherCardSchema } from './contracts.ts';
import { PAGE_SIZE, REGION_IDS, SEASONS, TARGET_GROUPS } from './reference-data.ts';

/** The three sort orders of 01 §4; a request names at most one of them. */
export const SORT_FLAGS = ['isNewest', 'isMostPopular', 'isLowestPrice'] as const;
export type SortFlag = (typeof SORT_FLAGS)[number];

export const SEARCH_TEXT = {
  oneSortOnly: 'Bitte wähle nur eine Sortierung.',
  sellerGiftNeedsSeller: 'Für den Direktverkauf muss ein Verkäufer angegeben werden.',
  invalidChoice: 'Bitte wähle einen der angebotenen Werte.',
  invalidRequest: 'Die Suchanfrage ist ungültig.',
} as const;

export const KEYWORD_MAX = 100;
export const SEARCH_IDS_MAX = 100;

/** Empty strings and null mean "not set": the web and the home banner send `region=` for "Alle Regionen". */
const unset = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Text parameters; numbers are taken as their text (ids and keywords may arrive as numbers). */
const optionalText = (max: number) =>
  preprocess(
    (v) => (typeof v === 'number' ? String(v) : unset(v)),
    z.optional(
      z.string({ error: SEARCH_TEXT.invalidRequest }).check(z.trim(), z.maxLength(max, { error: MSG.max(max) })),
    ),
  );

/** One value or a list; a comma-separated string (query-string style) is split. */
const list = <T extends z.ZodMiniType>(item: T, max: number) =>
  preprocess(
    (value) => {
      const v = unset(value);
      if (v === undefined) return undefined;
      const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
      const cleaned = items
        .map((i) => (typeof i === 'string' ? i.trim() : i))
        .filter((i) => i !== '' && i !== null && i !== undefined);
      return cleaned.length ? cleaned : undefined;
    },
    z.optional(z.array(item).check(z.maxLength(max, { error: MSG.maxValue(max) }))),
  );

/** true/false, 1/0 or their text forms (query strings and form data send text). */
const flag = () =>
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
        error: SEARCH_TEXT.invalidChoice,
      }),
      z.transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
    ),
  );

const cents = preprocess(
  unset,
  z.optional(
    z.coerce.number({ error: MSG.numeric }).check(z.int({ error: MSG.integer }), z.gte(0, { error: MSG.minValue(0) })),
  ),
);

/**
 * Price range in cents (01 §5: from and to are both required for the filter to apply; a filter with
 * only one side is ignored). `to` below `from` is a mistake the user should see, not an empty list.
 */
export const priceRangeSchema = z.object({ from: cents, to: cents }, { error: SEARCH_TEXT.invalidRequest }).check(
  z.superRefine((range, ctx) => {
    if (range.from !== undefined && range.to !== undefined && range.to < range.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MSG.minValue(formatEuro(range.from)) });
    }
  }),
);
export type PriceRange = z.infer<typeof priceRangeSchema>;

/**
 * POST voucher/search (01 §7). Every parameter is optional; lists accept an array or a
 * comma-separated string. The sort flags are mutually exclusive: more than one set is a 422.
 * Paging: `page` may also come in the query string, which is how `next_page_url` works for a POST
 * (the client re-POSTs the same body to `next_page_url`; docs/decisions/catalogue.md).
 */
export const voucherSearchSchema = z
  .object(
    {
      keyword: optionalText(KEYWORD_MAX),
      page: z._default(intParam(1, 100000), 1),
      paginate: z._default(intParam(1, 100), PAGE_SIZE.search),
      isNewest: flag(),
      isMostPopular: flag(),
      isLowestPrice: flag(),
      isPrice: preprocess(unset, z.optional(priceRangeSchema)),
      /** Category id or slug. */
      isCategory: optionalText(64),
      isRegion: preprocess(
        unset,
        z.optional(
          z.coerce.number({ error: MSG.numeric }).check(
            z.int({ error: MSG.integer }),
            z.refine((id) => (REGION_IDS as number[]).includes(id), { error: SEARCH_TEXT.invalidChoice }),
          ),
        ),
      ),
      targets: list(z.enum(TARGET_GROUPS, { error: SEARCH_TEXT.invalidChoice }), TARGET_GROUPS.length),
      seasons: list(z.enum(SEASONS, { error: SEARCH_TEXT.invalidChoice }), SEASONS.length),
      subcategory: optionalText(64),
      /** Exactly these vouchers, in this order (campaign pages, /wp). */
      ids: list(
        z.string({ error: SEARCH_TEXT.invalidRequest }).check(z.maxLength(64, { error: MSG.max(64) })),
        SEARCH_IDS_MAX,
      ),
      featured: flag(),
      /** Stable random order (same seed, same order across pages) when no sort is chosen. */
      seed: preprocess(unset, z.optional(z.coerce.number({ error: MSG.numeric }).check(z.int({ error: MSG.integer })))),
      seller_id: optionalText(64),
      /** Direct-sale list of a seller (display 'all' or 'direktverkauf'); only for that seller and its scanners. */
      seller_gift: flag(),
    },
    { error: SEARCH_TEXT.invalidRequest },
  )
  .check(
    z.superRefine((input, ctx) => {
      const chosen = SORT_FLAGS.filter((flag) => input[flag]);
      if (chosen.length > 1)
        for (const flag of chosen) ctx.addIssue({ code: 'custom', path: [flag], message: SEARCH_TEXT.oneSortOnly });
      if (input.seller_gift && !input.seller_id)
        ctx.addIssue({ code: 'custom', path: ['seller_id'], message: SEARCH_TEXT.sellerGiftNeedsSeller });
    }),
  );

export type VoucherSearchInput = z.output<typeof voucherSearchSchema>;
/** What a client sends (before defaults and coercion). */
export type VoucherSearchRequest = z.input<typeof voucherSearchSchema>;

export const voucherSearchPageSchema = pagedSchema(voucherCardSchema);

/** GET voucher-sub-category: optionally only the sub-categories of one category (id or slug). */
export const subcategoryListQuerySchema = z.object({ category_id: optionalText(64) });

export function sortOf(input: Pick<VoucherSearchInput, SortFlag>): SortFlag | undefined {
  return SORT_FLAGS.find((flag) => input[flag]);
}

/**
 * Folds text for keyword matching: lower case, umlauts spelled out (ä → ae, ö → oe, ü → ue, ß → ss),
 * other accents dropped, so 'Müsli', 'muesli' and 'MÜSLI' all match. `plain` folds ä → a instead,
 * so 'Munchen' still finds 'München'.
 */
export function foldSearchText(text: string, mode: 'spelled' | 'plain' = 'spelled'): string {
  let out = text.toLowerCase();
  out =
    mode === 'spelled'
      ? out.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')
      : out.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u');
  return out
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
