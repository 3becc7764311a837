import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedSchema } from '@gm/shared/api/paged';
import {
  voucherCardSchema,
  voucherListQuerySchema,
  voucherSchema,
  type VoucherListQuery,
} from '@gm/shared/catalogue/contracts';
import { voucherSearchPageSchema, type VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { api } from '../../../lib/api.ts';

/** Lists answer the card projection of a voucher, not the full record. */
export const voucherPageSchema = pagedSchema(voucherCardSchema);

/**
 * Query keys of the public catalogue's vouchers. A search body is part of its key, so every change of
 * filters, sort or keyword is its own query (and page 1 of it).
 */
export const voucherKeys = {
  all: ['vouchers'] as const,
  detail: (id: string) => [...voucherKeys.all, 'detail', id] as const,
  list: (query: VoucherListQuery) => [...voucherKeys.all, 'list', query] as const,
  byIds: (ids: readonly string[]) => [...voucherKeys.all, 'by-ids', ids] as const,
  /** One page of a search (numbered paging). */
  searchPage: (body: VoucherSearchRequest, page: number) => [...voucherKeys.all, 'search', body, page] as const,
  /** The pages of a search one after another (infinite list). */
  searchPages: (body: VoucherSearchRequest) => [...voucherKeys.all, 'search-pages', body] as const,
};

/** GET voucher/{id}. */
export function getVoucher(id: string, signal?: AbortSignal) {
  return api.request(`voucher/${encodeURIComponent(id)}`, { schema: voucherSchema, signal });
}

/** GET voucher (paged): page, paginate, featured, newest, seller_id, keyword. */
export function getVouchers(query: VoucherListQuery, signal?: AbortSignal) {
  const valid = voucherListQuerySchema.parse(query);
  return api.request('voucher', { query: valid, schema: voucherPageSchema, signal });
}

/**
 * POST voucher/search with the shared contract. Further pages POST the same body with another
 * `page` (the answer's next_page_url is this endpoint with `?page=`).
 */
export function searchVouchers(body: VoucherSearchRequest, signal?: AbortSignal) {
  return api.request('voucher/search', { method: 'POST', body, schema: voucherSearchPageSchema, signal });
}

/** The named vouchers in their order (POST voucher/search with ids); unknown ones drop out. */
export function getVouchersByIds(ids: readonly string[], signal?: AbortSignal) {
  return searchVouchers({ ids: [...ids], paginate: Math.min(100, ids.length) }, signal);
}

export function useVoucher(id: string | undefined) {
  return useQuery({
    queryKey: voucherKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getVoucher(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** A page of the voucher list; the previous page stays on screen (dimmed) while the next one loads. */
export function useVouchers(query: VoucherListQuery | null) {
  return useQuery({
    queryKey: voucherKeys.list(query ?? {}),
    queryFn: ({ signal }) => getVouchers(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useVouchersByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: voucherKeys.byIds(ids),
    queryFn: ({ signal }) => getVouchersByIds(ids, signal),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Page `page` of a search (desktop paging); null waits. The previous answer stays while the next loads. */
export function useVoucherSearchPage(body: VoucherSearchRequest | null, page: number) {
  return useQuery({
    queryKey: voucherKeys.searchPage(body ?? {}, page),
    queryFn: ({ signal }) => searchVouchers({ ...body, page }, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * A search's pages one after another (infinite lists, 'Mehr laden'); null waits. A new body starts at
 * page 1 again, with the previous list on screen (dimmed) until its first page arrives.
 */
export function useVoucherSearchPages(body: VoucherSearchRequest | null) {
  return useInfiniteQuery({
    queryKey: voucherKeys.searchPages(body ?? {}),
    queryFn: ({ signal, pageParam }) => searchVouchers({ ...body, page: pageParam }, signal),
    initialPageParam: 1,
    // 01 §2: infinite loading stops when the answer has no next_page_url.
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
