import { Link, useParams } from 'react-router';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import { useAuth } from '../../lib/auth.ts';
import { mediaUrl } from '../../lib/media.ts';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { InfoIcon, MapPinIcon, StoreIcon } from '../../components/ui/icons.tsx';
import { useVoucher } from '../../features/catalogue/api/get-voucher.ts';
import { VoucherCard, sellerDisplayName } from '../../features/catalogue/components/voucher-card.tsx';
import { VoucherInfo } from '../../features/catalogue/components/voucher-info.tsx';
import { ExpandableText } from '../../features/catalogue/components/expandable-text.tsx';
import { voucherPriceLabel, voucherTypeLabel } from '../../features/catalogue/voucher-format.ts';
import NotFoundPage from './not-found.tsx';

export default function VoucherDetailPage() {
  const { id } = useParams();
  const { data: voucher, error, isLoading, reload } = useVoucher(id);
  const { isAuth } = useAuth();

  if (error?.status === 404) return <NotFoundPage />;
  if (error && !voucher)
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Der Gutschein konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={reload}>
          Erneut versuchen
        </button>
      </section>
    );
  if (isLoading || !voucher) return <PageLoader label="Gutschein wird geladen…" />;

  const images = [voucher.image_1, voucher.image_2, voucher.image_3].map(mediaUrl).filter((src): src is string => Boolean(src));
  const region = voucher.seller.company?.region ?? regionLabel(voucher.region_id);
  return (
    <article className="container voucher-detail" data-testid="voucher-detail">
      <title>{`${voucher.title} – Gutscheinmarkt`}</title>
      <nav aria-label="Brotkrumen" className="breadcrumbs">
        <ol>
          <li>
            <Link to={paths.home}>Start</Link>
          </li>
          {voucher.category && (
            <li>
              <Link to={paths.category(voucher.category.slug)}>{voucher.category.name}</Link>
            </li>
          )}
          <li aria-current="page">{voucher.title}</li>
        </ol>
      </nav>

      <div className="voucher-detail__grid">
        <div className="voucher-detail__visual">
          <VoucherCard voucher={voucher} headingLevel={2} interactive={false} />
          {images.length > 0 && (
            <ul className="voucher-detail__images" aria-label="Bilder">
              {images.map((src, index) => (
                <li key={src}>
                  <img src={src} alt={`Bild ${index + 1} zu ${voucher.title}`} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="voucher-detail__content">
          <p className="voucher-detail__type">{voucherTypeLabel(voucher.type)}</p>
          <h1 className="voucher-detail__title">{voucher.title}</h1>
          <p className="voucher-detail__seller">
            <span>
              <StoreIcon size={18} />
              {sellerDisplayName(voucher)}
            </span>
            {region && (
              <span>
                <MapPinIcon size={18} />
                {region}
              </span>
            )}
          </p>
          <p className="voucher-detail__price">
            <span data-testid="voucher-detail-price">{voucherPriceLabel(voucher)}</span>
            <span className="voucher-detail__vat">inkl. MwSt.</span>
          </p>

          {!isAuth && (
            <div className="notice notice--info" data-testid="guest-hint">
              <InfoIcon size={20} />
              <p>
                <Link to={paths.login}>Melde dich an</Link> oder <Link to={paths.registerBuyer}>registriere dich</Link>, um Gutscheine
                zu personalisieren und in deiner Wallet zu sammeln.
              </p>
            </div>
          )}

          {voucher.description && <p className="voucher-detail__lead">{voucher.description}</p>}
          {voucher.long_description && (
            <section aria-labelledby="voucher-description-title" className="voucher-detail__section">
              <h2 id="voucher-description-title" className="voucher-detail__subtitle">
                Beschreibung
              </h2>
              <ExpandableText text={voucher.long_description} />
            </section>
          )}
          {voucher.note && <p className="voucher-detail__note">{voucher.note}</p>}
          <VoucherInfo voucher={voucher} />
        </div>
      </div>
    </article>
  );
}
