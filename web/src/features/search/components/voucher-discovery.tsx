import { useId, useMemo, useRef, useState } from 'react';
import type { Category } from '@gm/shared/catalogue/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { CloseIcon, SearchIcon, SlidersIcon } from '../../../components/ui/icons.tsx';
import { LOAD_MORE_THRESHOLD, useInfiniteScroll } from '../../../lib/infinite-scroll.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft.ts';
import { useCategories } from '../../../entities/catalogue/api/categories.ts';
import { DiscoveryModals } from '../../../entities/catalogue/components/discovery-modals.tsx';
import { VoucherGrid, VoucherGridSkeleton } from '../../../entities/catalogue/components/voucher-grid.tsx';
import { useDiscoveryModals } from '../../../entities/catalogue/hooks/use-discovery-modals.ts';
import { EMPTY_SEARCH, activeFilterCount, goToPage, searchRequestOf } from '../search-state.ts';
import { useInfiniteSearch, usePagedSearch } from '../../../entities/catalogue/hooks/use-search-list.ts';
import { useSearchState } from '../use-search-state.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useTenantScope } from '../../../entities/tenant/use-tenant-scope.ts';
import { SearchFilters } from './search-filters.tsx';
import './voucher-discovery.css';

/**
 * The searchable voucher list of 'Gutscheine entdecken' and the category page: filters in a sidebar
 * (a drawer on mobile), keyword debounced 1 s, nine per page. Desktop pages with previous/next;
 * mobile scrolls on with infinite loading (15 px from the bottom) and a 'Mehr laden' button.
 */
export function VoucherDiscovery({ fixedCategory, resultsLabel }: { fixedCategory?: Category; resultsLabel: string }) {
  const { state, update } = useSearchState();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const modals = useDiscoveryModals();
  const { data: categories = [] } = useCategories();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const keywordId = useId();
  const drawerTitleId = useId();

  // On a tenant shop the lists show only the shop's seller, and wait until it is known (decisions 2026-11-26).
  const tenant = useTenantScope();
  const body = useMemo(() => {
    if (!tenant.ready) return null;
    const request = searchRequestOf(state, fixedCategory ? { fixedCategory: fixedCategory.id } : {});
    return tenant.sellerId ? { ...request, seller_id: tenant.sellerId } : request;
  }, [state, fixedCategory, tenant.ready, tenant.sellerId]);
  // Desktop pages with previous/next (the page is part of the search state, so every other change
  // starts again at page 1, 01 §4); mobile loads on. Only the list on screen asks the API.
  const paged = usePagedSearch(isMobile ? null : body, state.page);
  const infinite = useInfiniteSearch(isMobile ? body : null);
  const results = isMobile ? infinite : paged;

  const keyword = useDebouncedDraft(state.keyword, (value) => update((s) => ({ ...s, keyword: value })));

  useInfiniteScroll({
    enabled: isMobile,
    threshold: LOAD_MORE_THRESHOLD,
    loading: results.isLoading,
    sellerModalOpen: Boolean(modals.sellerId),
    hasNextPage: results.hasNextPage,
    onLoadMore: results.loadMore,
  });

  const showPage = (next: number) => {
    update(goToPage(next));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const filters = (
    <SearchFilters
      state={state}
      onChange={update}
      categories={categories}
      fixedCategory={fixedCategory}
      onReset={() => update((s) => ({ ...EMPTY_SEARCH, keyword: s.keyword }))}
    />
  );
  const count = activeFilterCount(state, { fixedCategory: Boolean(fixedCategory) });
  const total = results.meta?.total;

  return (
    <div className="discovery" data-testid="voucher-discovery">
      <div className="discovery__toolbar">
        <form
          className="discovery__search"
          role="search"
          aria-label="Gutscheine durchsuchen"
          onSubmit={(e) => {
            e.preventDefault();
            keyword.flush();
          }}
        >
          <label htmlFor={keywordId} className="visually-hidden">
            Suchbegriff
          </label>
          <SearchIcon size={20} className="search-field__icon" />
          <input
            id={keywordId}
            type="search"
            className="input input--search"
            placeholder="Suche nach Aktivitäten oder Unternehmen"
            value={keyword.text}
            onChange={(e) => keyword.setText(e.target.value)}
            enterKeyHint="search"
            maxLength={100}
            data-testid="discovery-keyword"
          />
        </form>
        {isMobile && (
          <button
            type="button"
            className="button button--ghost discovery__filter-button"
            onClick={() => setDrawerOpen(true)}
            aria-haspopup="dialog"
            data-testid="open-filters"
          >
            <SlidersIcon size={20} />
            Filter &amp; Sortierung{count > 0 ? ` (${count})` : ''}
          </button>
        )}
      </div>

      <div className="discovery__layout">
        {!isMobile && (
          <aside className="discovery__sidebar" aria-label="Filter und Sortierung">
            {filters}
          </aside>
        )}

        <section
          className="discovery__results"
          ref={resultsRef}
          aria-label={resultsLabel}
          aria-busy={results.isLoading}
        >
          {/* The cards are h3: the outline needs this level between them and the page's h1. */}
          <h2 className="visually-hidden">{resultsLabel}</h2>
          <p className="discovery__count" aria-live="polite" data-testid="result-count">
            {total === undefined ? '\u00a0' : total === 1 ? '1 Gutschein gefunden' : `${total} Gutscheine gefunden`}
          </p>
          {results.vouchers.length === 0 && (results.isLoading || !tenant.ready) ? (
            <VoucherGridSkeleton count={isMobile ? 2 : 6} />
          ) : results.error && results.vouchers.length === 0 ? (
            <div className="empty-state" role="alert">
              <p>Die Gutscheine konnten gerade nicht geladen werden.</p>
              <button type="button" className="button button--ghost" onClick={results.retry}>
                Erneut versuchen
              </button>
            </div>
          ) : (
            <VoucherGrid
              vouchers={results.vouchers}
              busy={results.isStale || (!isMobile && results.isLoading)}
              label={resultsLabel}
              testId="search-results"
              priorityCards={isMobile ? 1 : 3}
              onOpen={(v) => modals.openVoucher(v.id)}
              onOpenSeller={modals.openSeller}
            />
          )}
          {isMobile ? (
            <LoadMore
              hasNextPage={results.hasNextPage}
              loading={results.isLoadingMore}
              error={results.vouchers.length ? results.error : undefined}
              onLoadMore={results.loadMore}
              onRetry={results.retry}
            />
          ) : (
            results.meta && (
              <Pagination
                page={state.page}
                lastPage={results.meta.last_page}
                onPageChange={showPage}
                busy={results.isLoading}
                label={`Seiten von ${resultsLabel}`}
              />
            )
          )}
        </section>
      </div>

      {isMobile && (
        <Modal
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          labelledBy={drawerTitleId}
          className="drawer filter-drawer"
          testId="filter-drawer"
        >
          <div className="drawer__header">
            <h2 id={drawerTitleId} className="filter-drawer__title">
              Filter &amp; Sortierung
            </h2>
            <button
              type="button"
              className="icon-button"
              onClick={() => setDrawerOpen(false)}
              aria-label="Filter schließen"
            >
              <CloseIcon />
            </button>
          </div>
          {filters}
          <button
            type="button"
            className="button button--primary button--block filter-drawer__apply"
            onClick={() => setDrawerOpen(false)}
            data-testid="apply-filters"
          >
            {total === undefined ? 'Ergebnisse anzeigen' : `${total} Ergebnisse anzeigen`}
          </button>
        </Modal>
      )}

      <DiscoveryModals modals={modals} />
    </div>
  );
}
