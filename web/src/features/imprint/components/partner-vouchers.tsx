import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { ChevronLeftIcon, ChevronRightIcon, MapPinIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCompanies, type PartnerCompany } from '../../../entities/catalogue/api/companies.ts';
import { useVouchers } from '../../../entities/catalogue/api/vouchers.ts';
import { VoucherCard } from '../../../entities/catalogue/components/voucher-card.tsx';
import { partnersWithLogos } from '../../../entities/catalogue/partners.ts';
import './partner-vouchers.css';

/** How many of a partner's vouchers its carousel shows. */
const PER_PARTNER = 12;

/** A horizontal list that snaps card by card: 4 cards wide, 2 under 1024 px, 1 under 640 px; buttons page through it. */
function Carousel({
  label,
  header,
  children,
  count,
}: {
  label: string;
  header: ReactNode;
  children: ReactNode;
  count: number;
}) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const update = () =>
      setEdges({
        start: element.scrollLeft <= 4,
        end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 4,
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [count]);

  const page = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: 'smooth' });
  return (
    <div className="voucher-carousel">
      <div className="voucher-carousel__bar">
        {header}
        {!(edges.start && edges.end) && (
          <div className="voucher-carousel__buttons">
            <button
              type="button"
              className="icon-button voucher-carousel__nav"
              onClick={() => page(-1)}
              disabled={edges.start}
              aria-label={`Vorherige Gutscheine: ${label}`}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-button voucher-carousel__nav"
              onClick={() => page(1)}
              disabled={edges.end}
              aria-label={`Weitere Gutscheine: ${label}`}
            >
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
      <ul ref={track} className="voucher-carousel__track" aria-label={label} tabIndex={0}>
        {children}
      </ul>
    </div>
  );
}

function Partner({ partner }: { partner: PartnerCompany & { logo: string } }) {
  const { ref, near } = useNearViewport<HTMLLIElement>('400px 0px');
  const { data, error } = useVouchers(near ? { seller_id: partner.seller_id, paginate: PER_PARTNER, page: 1 } : null);
  const vouchers = data?.data ?? [];
  const company = (
    <div className="partner-vouchers__company">
      <img className="partner-vouchers__logo" src={mediaUrl(partner.logo)} alt="" loading="lazy" decoding="async" />
      <div>
        <h3 className="partner-vouchers__name">
          <Link to={paths.seller(partner.seller_id)}>{partner.name}</Link>
        </h3>
        {partner.region && (
          <p className="partner-vouchers__region">
            <MapPinIcon size={16} />
            {partner.region}
          </p>
        )}
      </div>
    </div>
  );
  return (
    <li ref={ref} className="partner-vouchers__item" data-testid="partner">
      {!data || vouchers.length === 0 ? company : null}
      {!data ? (
        error ? (
          <p className="partner-vouchers__note">Die Gutscheine konnten gerade nicht geladen werden.</p>
        ) : (
          <div className="partner-vouchers__loading">
            <Spinner size="sm" label={`Gutscheine von ${partner.name} werden geladen…`} />
          </div>
        )
      ) : vouchers.length === 0 ? (
        <p className="partner-vouchers__note">Noch keine Gutscheine online.</p>
      ) : (
        <Carousel label={`Gutscheine von ${partner.name}`} header={company} count={vouchers.length}>
          {vouchers.map((voucher) => (
            <li key={voucher.id} className="voucher-carousel__slide">
              <VoucherCard voucher={voucher} headingLevel={4} />
            </li>
          ))}
        </Carousel>
      )}
    </li>
  );
}

/** Imprint: the partner companies (company/all, with logo, shuffled) with a carousel of their vouchers each (01 §2). */
export function PartnerVouchers() {
  const { data, error } = useCompanies();
  const partners = useMemo(() => partnersWithLogos(data ?? []), [data]);
  return (
    <section
      className="container section partner-vouchers"
      aria-labelledby="partner-vouchers-title"
      data-testid="partner-vouchers"
    >
      <div className="section__header">
        <h2 id="partner-vouchers-title" className="section__title">
          Unsere Partner
        </h2>
        <p className="section__lead">
          Diese Unternehmen aus der Region geben ihre Gutscheine über den Marktplatz aus und lösen sie ein.
        </p>
      </div>
      {!data ? (
        error ? (
          <p className="empty-state">Die Partner konnten gerade nicht geladen werden.</p>
        ) : (
          <Spinner label="Partner werden geladen…" />
        )
      ) : partners.length === 0 ? (
        <p className="empty-state">Noch keine Daten vorhanden.</p>
      ) : (
        <ul className="partner-vouchers__list">
          {partners.map((partner) => (
            <Partner key={partner.id} partner={partner} />
          ))}
        </ul>
      )}
    </section>
  );
}
