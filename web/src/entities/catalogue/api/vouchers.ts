import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import type { VoucherListQuery } from '@gm/shared/catalogue/contracts';
import type { VoucherSearchRequest } from '@gm/shared/catalogue/search-contracts';
import { api } from '../../../lib/api.ts';
import type { QueryValue } from '../../../lib/api-client.ts';

/*
 * The home's and the voucher page's first screens: their contracts load lazily (checked in development and tests,
 * trusted in the production build; lib/api-client.ts), so zod stays off a guest's first load (issue 15).
 */
const contracts = () => import('@gm/shared/catalogue/contracts');
/** Lists answer the card projection of a voucher, not the full record. */
const voucherPage = () =>
  Promise.all([import('@gm/shared/api/paged'), contracts()]).then(([{ pagedSchema }, c]) =>
    pagedSchema(c.voucherCardSchema),
  );

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
  return api.request(`voucher/${encodeURIComponent(id)}`, {
    schema: () => contracts().then((c) => c.voucherSchema),
    signal,
  });
}

/**
 * GET voucher (paged): page, paginate, featured, newest, seller_id, keyword. The query goes out as typed
 * (VoucherListQuery); the server parses it with the contract and fills the defaults (page 1, 15 a page).
 */
export function getVouchers(query: VoucherListQuery, signal?: AbortSignal) {
  // The contract's input type leaves page/paginate/seed open (they arrive as text); the web sends numbers.
  return api.request('voucher', { query: query as Record<string, QueryValue>, schema: voucherPage, signal });
}

/** A page of the home's 'Unsere Lieblinge': 9 a page, featured vouchers until none is featured. */
export const favouritesQuery = (page: number, featuredOnly: boolean): VoucherListQuery => ({
  page,
  paginate: PAGE_SIZE.home,
  ...(featuredOnly ? { featured: true } : {}),
});

/** Starts loading a voucher (the detail page's first screen) before its page renders. */
export function prefetchVoucher(client: QueryClient, id: string) {
  return client.prefetchQuery({ queryKey: voucherKeys.detail(id), queryFn: ({ signal }) => getVoucher(id, signal) });
}

/** Starts loading a voucher list page (the home's favourites) before its page renders. */
export function prefetchVouchers(client: QueryClient, query: VoucherListQuery) {
  return client.prefetchQuery({
    queryKey: voucherKeys.list(query),
    queryFn: ({ signal }) => getVouchers(query, signal),
  });
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
