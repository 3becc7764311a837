import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useVouchersByIds } from '../../../entities/catalogue/api/voucher-search.ts';
import { VoucherCard } from '../../../entities/catalogue/components/voucher-card.tsx';
import { VoucherGridSkeleton } from '../../../entities/catalogue/components/voucher-grid.tsx';
import './voucher-carousel.css';

/**
 * A row of voucher cards: 4 per view, 2 under 1024 px, 1 under 640 px (01 §2), scrolled with
 * buttons (disabled at the ends), swipe or keyboard; scroll-snap keeps cards aligned.
 */
export function VoucherCarousel({
  title,
  lead,
  voucherIds,
  onOpenVoucher,
  onOpenSeller,
}: {
  title: string;
  lead?: string;
  voucherIds: readonly string[];
  onOpenVoucher: (id: string) => void;
  onOpenSeller: (id: string) => void;
}) {
  const titleId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const { data, isLoading, error } = useVouchersByIds(voucherIds);
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({ start: track.scrollLeft <= 2, end: track.scrollLeft + track.clientWidth >= track.scrollWidth - 2 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, data]);

  const scrollBy = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * track.clientWidth, behavior: 'smooth' });
  };

  const vouchers = data?.data ?? [];
  if (!isLoading && (error || vouchers.length === 0)) return null;
  return (
    <section className="voucher-carousel" aria-labelledby={titleId} data-testid="voucher-carousel">
      <div className="voucher-carousel__header">
        <div>
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {lead && <p className="section__lead">{lead}</p>}
        </div>
        <div className="voucher-carousel__buttons">
          <button
            type="button"
            className="icon-button voucher-carousel__button"
            onClick={() => scrollBy(-1)}
            disabled={edges.start}
            aria-label={`${title}: zurück`}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="icon-button voucher-carousel__button"
            onClick={() => scrollBy(1)}
            disabled={edges.end}
            aria-label={`${title}: weiter`}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      {isLoading && !data ? (
        <VoucherGridSkeleton count={4} />
      ) : (
        <ul
          className="voucher-carousel__track"
          ref={trackRef}
          onScroll={measure}
          aria-label={title}
          data-testid="carousel-track"
        >
          {vouchers.map((v) => (
            <li key={v.id} className="voucher-carousel__item">
              <VoucherCard voucher={v} onOpen={() => onOpenVoucher(v.id)} onOpenSeller={onOpenSeller} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
