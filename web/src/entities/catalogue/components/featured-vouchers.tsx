import { useEffect, useRef, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { favouritesQuery, useVouchers } from '../api/vouchers.ts';
import { VoucherGrid, VoucherGridSkeleton } from './voucher-grid.tsx';

/** 'Unsere Lieblinge' shows 9 a page (01 §2): three rows of three, so no card is left alone on a row. */
const COLUMNS = 3;

/** 'Unsere Lieblinge': featured vouchers, 9 per page; when nothing is featured, all vouchers. */
export function FeaturedVouchers({
  onOpenVoucher,
  onOpenSeller,
}: { onOpenVoucher?: (id: string) => void; onOpenSeller?: (sellerId: string) => void } = {}) {
  const [page, setPage] = useState(1);
  const [featuredOnly, setFeaturedOnly] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = favouritesQuery(page, featuredOnly);
  const { data, isPlaceholderData, isFetching, error } = useVouchers(query);
  // The previous page (or list) stays on screen, dimmed, until the asked-for one arrives.
  const busy = isPlaceholderData;

  useEffect(() => {
    if (featuredOnly && !isPlaceholderData && !isFetching && data && data.total === 0) {
      setFeaturedOnly(false);
      setPage(1);
    }
  }, [featuredOnly, isPlaceholderData, isFetching, data]);

  function goTo(next: number) {
    setPage(next);
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }

  // Nothing featured: the list of all vouchers is on its way.
  const waitingForFallback = data?.total === 0 && (featuredOnly || isPlaceholderData);
  return (
    <section className="section container" aria-labelledby="favourites-title" data-testid="favourites">
      <div className="section__header">
        <h2 id="favourites-title" className="section__title" ref={headingRef} tabIndex={-1}>
          Unsere Lieblinge
        </h2>
        <p className="section__lead">Handverlesene Gutscheine, die wir selbst gern verschenken.</p>
      </div>
      {!data || waitingForFallback ? (
        error ? (
          <p className="empty-state">Die Gutscheine konnten gerade nicht geladen werden.</p>
        ) : (
          <VoucherGridSkeleton />
        )
      ) : (
        <>
          <VoucherGrid
            vouchers={data.data}
            busy={busy}
            label="Unsere Lieblinge"
            testId="favourites-list"
            maxColumns={COLUMNS}
            onOpen={onOpenVoucher ? (v) => onOpenVoucher(v.id) : undefined}
            onOpenSeller={onOpenSeller}
          />
          <Pagination
            page={data.current_page}
            lastPage={data.last_page}
            onPageChange={goTo}
            busy={busy}
            label="Seiten von Unsere Lieblinge"
          />
        </>
      )}
    </section>
  );
}
