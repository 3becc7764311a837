import { queryClient } from '../lib/query-client.ts';
import { authStore } from '../lib/auth.ts';
import { roleOf } from '../lib/auth-store.ts';
import { currentTenant } from '../lib/tenant.ts';
import { hasEarlyAnswers } from '../lib/early-answers.ts';
import { MOBILE_QUERY } from '../lib/use-media-query.ts';
import { prefetchCategories } from '../entities/catalogue/api/categories.ts';
import { firstScreenOf } from './first-screen-requests.ts';
import { firstScreenPages } from './router.tsx';

const quietly = (work: Promise<unknown>) => work.catch(() => undefined);

/**
 * Starts the first screen's page chunk and its first queries before React renders (issue 15), so they load beside
 * the frame instead of one after another (frame → lazy page → its query). Only public pages that the visitor's
 * role sees: a guest never starts another role's chunk. The page and its queries pick up what started; the reads
 * take the answers the first-screen boot already asked for (app/first-screen-boot.ts).
 *
 * Resolves when the page's chunk is there and, where the boot started them, the first reads have answered: the
 * first render then shows the page with its content at once (main.tsx waits for it, but not for long).
 */
export function preloadFirstScreen(pathname: string): Promise<void> {
  const first = firstScreenOf(pathname);
  if (!first) return Promise.resolve();
  const role = roleOf(authStore.getSnapshot());
  const shopper = role === undefined || role === 'user';
  // Reads are waited for only when the boot sent them early; otherwise they go out now and the page shows its
  // skeletons until they answer.
  const early = hasEarlyAnswers();
  const page: Promise<unknown>[] = [];
  const reads: Promise<unknown>[] = [];
  if (shopper) reads.push(prefetchCategories(queryClient));
  if (first.screen === 'home') {
    page.push(firstScreenPages.home.preload());
    if (shopper && !currentTenant)
      reads.push(
        import('../entities/catalogue/api/vouchers.ts').then(({ prefetchVouchers, favouritesQuery }) =>
          prefetchVouchers(queryClient, favouritesQuery(1, true)),
        ),
      );
  } else if (first.screen === 'search') {
    if (!shopper) return Promise.resolve();
    page.push(firstScreenPages.search.preload());
    // The marketplace's search (a tenant's waits for its seller): the body the page builds from the URL.
    if (!currentTenant)
      reads.push(
        Promise.all([
          import('../features/search/search-state.ts'),
          import('../entities/catalogue/api/voucher-search.ts'),
        ]).then(([{ searchRequestOf, searchStateFromParams }, { prefetchSearch }]) => {
          const state = searchStateFromParams(new URLSearchParams(window.location.search));
          const mobile = window.matchMedia(MOBILE_QUERY).matches;
          return prefetchSearch(queryClient, searchRequestOf(state), state.page, mobile);
        }),
      );
  } else {
    const { id } = first;
    page.push(firstScreenPages.voucher.preload());
    reads.push(
      import('../entities/catalogue/api/vouchers.ts').then(({ prefetchVoucher }) => prefetchVoucher(queryClient, id)),
      import('../entities/sales-pause/api/sales-pause.ts').then(({ prefetchSalesPause }) =>
        prefetchSalesPause(queryClient),
      ),
    );
  }
  return Promise.all([...page, ...(early ? reads : [])].map(quietly)).then(() => undefined);
}
