import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { API_BASE } from '../lib/api-client.ts';

/*
 * The public first screens and the API reads each one starts with (issue 15). Pure and tiny: the first-screen boot
 * (app/first-screen-boot.ts, a separate script that runs before the app's bundle) sends these reads for a guest,
 * and the app's fetchers pick the answers up (lib/early-answers.ts). first-screen-requests.test.ts holds every
 * request here to the one the app's own fetcher sends, so the two cannot drift apart unnoticed.
 */

export type FirstScreen = { screen: 'home' } | { screen: 'search' } | { screen: 'voucher'; id: string };

/** Segments under /vouchers/ that are pages of their own, not a voucher's id. */
const NOT_A_VOUCHER = new Set(['new', 'search']);

/** Which public first screen a path opens ('/' is the home: main.tsx moves it to /home before the router starts). */
export function firstScreenOf(pathname: string): FirstScreen | undefined {
  if (pathname === '/' || pathname === '/home') return { screen: 'home' };
  if (pathname === '/vouchers/search') return { screen: 'search' };
  const match = /^\/vouchers\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return NOT_A_VOUCHER.has(id) ? undefined : { screen: 'voucher', id };
}

export type EarlyRequest = {
  method: 'GET' | 'POST';
  /** As the API client builds it: `/api/v1/<path>?<query>`. */
  url: string;
  /** The JSON body as the API client serialises it. */
  body: string | null;
  /** Where the first screen's largest picture is in the answer (the first card's, the voucher's): loaded at once. */
  picture?: 'first-card' | 'voucher';
};

const get = (path: string): EarlyRequest => ({ method: 'GET', url: `${API_BASE}${path}`, body: null });

/**
 * A guest's first-screen reads on the main site. The search is read early only without filters in the URL (its
 * body then is fixed; a filtered link waits for the app, which builds the body from the URL).
 */
export function earlyRequestsOf(first: FirstScreen, search: string): EarlyRequest[] {
  switch (first.screen) {
    case 'home':
      // 'Unsere Lieblinge' (favouritesQuery(1, true)) and the categories of the slider and the header menu.
      return [get(`voucher?page=1&paginate=${PAGE_SIZE.home}&featured=1`), get('voucher-category')];
    case 'search':
      return [
        ...(new URLSearchParams(search).toString() === ''
          ? [
              {
                method: 'POST' as const,
                url: `${API_BASE}voucher/search`,
                body: JSON.stringify({ paginate: PAGE_SIZE.search, page: 1 }),
                picture: 'first-card' as const,
              },
            ]
          : []),
        get('voucher-category'),
      ];
    case 'voucher':
      return [
        { ...get(`voucher/${encodeURIComponent(first.id)}`), picture: 'voucher' },
        get('voucher-category'),
        get('app-status'),
      ];
  }
}
