import { useEffect, useRef, useState } from 'react';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { useVouchers } from '../api/get-vouchers.ts';
import { VoucherGrid, VoucherGridSkeleton } from './voucher-grid.tsx';

/** 'Unsere Lieblinge': featured vouchers, 9 per page; when nothing is featured, all vouchers. */
export function FeaturedVouchers({
  onOpenVoucher,
  onOpenSeller,
}: { onOpenVoucher?: (id: string) => void; onOpenSeller?: (sellerId: string) => void } = {}) {
  const [page, setPage] = useState(1);
  const [featuredOnly, setFeaturedOnly] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = { page, paginate: PAGE_SIZE.home, ...(featuredOnly ? { featured: true } : {}) };
  const { data, isLoading, error } = useVouchers(query);

  useEffect(() => {
    if (featuredOnly && !isLoading && data && data.total === 0) {
      setFeaturedOnly(false);
      setPage(1);
    }
  }, [featuredOnly, isLoading, data]);

  function goTo(next: number) {
    setPage(next);
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }

  const waitingForFallback = featuredOnly && data?.total === 0;
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
            busy={isLoading}
            label="Unsere Lieblinge"
            testId="favourites-list"
            onOpen={onOpenVoucher ? (v) => onOpenVoucher(v.id) : undefined}
            onOpenSeller={onOpenSeller}
          />
          <Pagination
            page={data.current_page}
            lastPage={data.last_page}
            onPageChange={goTo}
            busy={isLoading}
            label="Seiten von Unsere Lieblinge"
          />
        </>
      )}
    </section>
  );
}
