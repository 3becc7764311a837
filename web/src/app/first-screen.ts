import { matchPath } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { authStore } from '../lib/auth.ts';
import { roleOf } from '../lib/auth-store.ts';
import { currentTenant } from '../lib/tenant.ts';
import { MOBILE_QUERY } from '../lib/use-media-query.ts';

/** Segments under /vouchers/ that are pages of their own, not a voucher's id. */
const NOT_A_VOUCHER = new Set(['new', 'search']);

const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/**
 * Starts the first screen's page chunk and its first query before React renders (issue 15), so they load beside
 * the frame instead of one after another (frame → lazy page → its query). Only public pages that the visitor's
 * role sees: a guest never starts another role's chunk. The page's own `lazy()` and query pick up what started.
 */
export function preloadFirstScreen(pathname: string): void {
  const role = roleOf(authStore.getSnapshot());
  const shopper = role === undefined || role === 'user';
  if (shopper && !currentTenant && (pathname === '/' || pathname === '/home')) {
    quietly(import('./routes/home.tsx'));
    quietly(
      import('../entities/catalogue/api/vouchers.ts').then(({ prefetchVouchers, favouritesQuery }) =>
        prefetchVouchers(queryClient, favouritesQuery(1, true)),
      ),
    );
    return;
  }
  if (shopper && pathname === '/vouchers/search') {
    quietly(import('./routes/voucher-search.tsx'));
    // The marketplace's search (a tenant's waits for its seller): the body the page builds from the URL.
    if (!currentTenant)
      quietly(
        Promise.all([
          import('../features/search/search-state.ts'),
          import('../entities/catalogue/api/voucher-search.ts'),
        ]).then(([{ searchRequestOf, searchStateFromParams }, { prefetchSearch }]) => {
          const state = searchStateFromParams(new URLSearchParams(window.location.search));
          const mobile = window.matchMedia(MOBILE_QUERY).matches;
          return prefetchSearch(queryClient, searchRequestOf(state), state.page, mobile);
        }),
      );
    return;
  }
  const id = matchPath('/vouchers/:id', pathname)?.params.id;
  if (id && !NOT_A_VOUCHER.has(id)) {
    quietly(import('./routes/voucher-detail.tsx'));
    quietly(
      import('../entities/catalogue/api/vouchers.ts').then(({ prefetchVoucher }) => prefetchVoucher(queryClient, id)),
    );
  }
}
