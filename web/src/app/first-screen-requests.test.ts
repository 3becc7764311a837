// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { getVouchers, favouritesQuery, getVoucher } from '../entities/catalogue/api/vouchers.ts';
import { getCategories } from '../entities/catalogue/api/categories.ts';
import { prefetchSearch } from '../entities/catalogue/api/voucher-search.ts';
import { getSalesPause } from '../entities/sales-pause/api/sales-pause.ts';
import { searchRequestOf, searchStateFromParams } from '../features/search/search-state.ts';
import { earlyRequestsOf, firstScreenOf, type EarlyRequest } from './first-screen-requests.ts';

type Sent = Omit<EarlyRequest, 'picture'>;

/** Every request the app's own fetchers send while `work` runs (answered with an empty page). */
async function sentBy(work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      method: (init?.method ?? 'GET') as Sent['method'],
      url: String(input),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    return new Response(JSON.stringify({ data: [], current_page: 1, last_page: 1, next_page_url: null }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  // The empty answer is not every contract's: only the requests matter here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await work().catch(() => undefined);
  } finally {
    vi.unstubAllGlobals();
    quiet.mockRestore();
  }
  return sent;
}

const withoutPicture = (requests: EarlyRequest[]): Sent[] =>
  requests.map(({ method, url, body }) => ({ method, url, body }));

afterEach(() => vi.unstubAllGlobals());

describe('firstScreenOf', () => {
  it('knows the public first screens and nothing else', () => {
    expect(firstScreenOf('/')).toEqual({ screen: 'home' });
    expect(firstScreenOf('/home')).toEqual({ screen: 'home' });
    expect(firstScreenOf('/vouchers/search')).toEqual({ screen: 'search' });
    expect(firstScreenOf('/vouchers/v-berg%20tandem')).toEqual({ screen: 'voucher', id: 'v-berg tandem' });
    expect(firstScreenOf('/vouchers/new')).toBeUndefined();
    expect(firstScreenOf('/vouchers/update/v-1')).toBeUndefined();
    expect(firstScreenOf('/vouchers/%E0')).toBeUndefined();
    expect(firstScreenOf('/wallet')).toBeUndefined();
  });
});

// The boot sends these before the app runs; the app takes the answers only when method, URL and body are exactly
// what its own fetchers send. A change on either side fails here instead of silently reading everything twice.
describe('the early reads are the app’s own first-screen reads', () => {
  it('home: the favourites and the categories', async () => {
    const app = await sentBy(() => Promise.all([getVouchers(favouritesQuery(1, true)), getCategories()]));
    expect(withoutPicture(earlyRequestsOf({ screen: 'home' }, ''))).toEqual(app);
  });

  it('search without filters: the first page (phones and desktops ask alike) and the categories', async () => {
    for (const mobile of [true, false]) {
      const state = searchStateFromParams(new URLSearchParams(''));
      const app = await sentBy(() =>
        Promise.all([prefetchSearch(new QueryClient(), searchRequestOf(state), state.page, mobile), getCategories()]),
      );
      const early = earlyRequestsOf({ screen: 'search' }, '');
      expect(withoutPicture(early)).toEqual(app);
      expect(early[0]?.picture).toBe('first-card');
    }
  });

  it('search with filters in the URL: only the categories (the app builds the body)', () => {
    expect(earlyRequestsOf({ screen: 'search' }, '?keyword=Yoga').map((r) => r.url)).toEqual([
      '/api/v1/voucher-category',
    ]);
  });

  it('voucher page: the voucher, the categories and the sales pause', async () => {
    const app = await sentBy(() => Promise.all([getVoucher('v-berg tandem'), getCategories(), getSalesPause()]));
    const early = earlyRequestsOf({ screen: 'voucher', id: 'v-berg tandem' }, '');
    expect(withoutPicture(early)).toEqual(app);
    expect(early[0]?.picture).toBe('voucher');
  });
});
