import { useId, useMemo, type RefObject } from 'react';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { SELLER_LIST_THRESHOLD, useInfiniteScroll } from '../../../lib/infinite-scroll.ts';
import { VoucherGrid, VoucherGridSkeleton } from '../../catalogue/components/voucher-grid.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useInfiniteSearch } from '../../catalogue/hooks/use-search-list.ts';
import './seller-vouchers.css';

type Props = {
  sellerId: string;
  headingLevel: 2 | 3;
  /** The modal's scrolling body; the page scrolls the window. */
  container?: RefObject<HTMLElement | null>;
  onOpenVoucher?: (id: string) => void;
  /** The page pauses loading while a seller modal covers it (01 §2). */
  paused?: boolean;
  /** The list's heading; 'Unsere Gutscheine' on a tenant's landing page (01 §2). */
  title?: string;
};

/** 'Alle Gutscheine' of a seller: nine at a time, more within 25 px of the bottom (01 §9) or with 'Mehr laden'. */
export function SellerVouchers({
  sellerId,
  headingLevel,
  container,
  onOpenVoucher,
  paused = false,
  title = 'Alle Gutscheine',
}: Props) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const body = useMemo(() => ({ seller_id: sellerId, paginate: PAGE_SIZE.seller }), [sellerId]);
  const results = useInfiniteSearch(body);
  useInfiniteScroll({
    enabled: true,
    threshold: SELLER_LIST_THRESHOLD,
    loading: results.isLoading,
    sellerModalOpen: paused,
    hasNextPage: results.hasNextPage,
    onLoadMore: results.loadMore,
    ...(container ? { container } : {}),
  });

  return (
    <section className="seller-vouchers" aria-labelledby={titleId} data-testid="seller-vouchers">
      <Heading id={titleId} className="section__title seller-vouchers__title">
        {title}
        {results.meta && <span className="seller-vouchers__count"> ({results.meta.total})</span>}
      </Heading>
      {results.vouchers.length === 0 && results.isLoading ? (
        <VoucherGridSkeleton count={3} />
      ) : results.error && results.vouchers.length === 0 ? (
        <p className="empty-state">
          Die Gutscheine konnten gerade nicht geladen werden.{' '}
          <button type="button" className="link-button" onClick={results.retry}>
            Erneut versuchen
          </button>
        </p>
      ) : (
        <VoucherGrid
          vouchers={results.vouchers}
          busy={results.isStale}
          label={title}
          testId="seller-voucher-list"
          {...(onOpenVoucher ? { onOpen: (v) => onOpenVoucher(v.id) } : {})}
        />
      )}
      <LoadMore
        hasNextPage={results.hasNextPage}
        loading={results.isLoadingMore}
        error={results.vouchers.length ? results.error : undefined}
        onLoadMore={results.loadMore}
        onRetry={results.retry}
      />
    </section>
  );
}
