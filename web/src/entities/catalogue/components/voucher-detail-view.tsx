import { Link } from 'react-router';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { regionLabel, showsRegionOnCards } from '@gm/shared/catalogue/reference-data';
import { useAuth } from '../../../lib/auth.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { InfoIcon, MapPinIcon, SparkIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import { voucherPriceLabel, voucherTypeLabel } from '../voucher-format.ts';
import { ExpandableText } from './expandable-text.tsx';
import { VoucherCard, sellerDisplayName } from './voucher-card.tsx';
import { VoucherInfo } from './voucher-info.tsx';
import { VoucherPurchasePanel } from './voucher-purchase.tsx';
import { AddToCartButton } from '../../cart/components/add-to-cart-button.tsx';
import { useSoldHere } from '../../tenant/use-tenant-scope.ts';
import { NotSoldHere } from './not-sold-here.tsx';
import { LaterPicture } from '../../../components/ui/later-picture.tsx';
import './voucher-detail-view.css';

type DetailProps = {
  voucher: Voucher;
  /** The page has the h1; in the modal the title is the dialog's h2. */
  variant: 'page' | 'modal';
  titleId?: string;
  /** In lists the seller name opens the seller modal. */
  onOpenSeller?: ((sellerId: string) => void) | undefined;
  /** Modal variant: closes the modal (after adding to the cart). */
  onClose?: (() => void) | undefined;
};

/**
 * Voucher detail, shared by /vouchers/{id} and the detail modal (01 §2): card, title, guest hint,
 * quantity or value with total, personalise hint, description, up to three images, long description
 * with 'Mehr lesen', 'Verkäufer Info' and 'Gutschein Info'.
 */
export function VoucherDetailView({ voucher, variant, titleId, onOpenSeller, onClose }: DetailProps) {
  const { isAuth } = useAuth();
  // A tenant shop sells only its seller's vouchers: another seller's gets no 'In den Warenkorb' there.
  const soldHere = useSoldHere(voucher.seller_id);
  const images = [voucher.image_1, voucher.image_2, voucher.image_3]
    .map(mediaUrl)
    .filter((src): src is string => Boolean(src));
  const region = showsRegionOnCards(voucher.seller_id)
    ? (voucher.seller.company?.region ?? regionLabel(voucher.region_id))
    : null;
  const seller = sellerDisplayName(voucher);
  const Title = variant === 'page' ? 'h1' : 'h2';
  const Sub = variant === 'page' ? 'h2' : 'h3';

  return (
    <div className={`voucher-detail__grid voucher-detail__grid--${variant}`} data-testid={`voucher-detail-${variant}`}>
      <div className="voucher-detail__visual">
        <VoucherCard
          voucher={voucher}
          headingLevel={variant === 'page' ? 2 : 3}
          interactive={false}
          priority={variant === 'page' ? 'high' : true}
        />
        {images.length > 0 && (
          <ul className="voucher-detail__images" aria-label="Bilder">
            {images.map((src, index) => (
              <li key={src}>
                <LaterPicture src={src} alt={`Bild ${index + 1} zu ${voucher.title}`} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="voucher-detail__content">
        <p className="voucher-detail__type">{voucherTypeLabel(voucher.type)}</p>
        <Title id={titleId} className="voucher-detail__title">
          {voucher.title}
        </Title>
        <p className="voucher-detail__seller">
          <span>
            <StoreIcon size={18} />
            {onOpenSeller ? (
              <button
                type="button"
                className="link-button"
                onClick={() => onOpenSeller(voucher.seller_id)}
                data-testid="detail-seller-button"
              >
                {seller}
              </button>
            ) : (
              seller
            )}
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
              <Link to={paths.login}>Melde dich an</Link> oder <Link to={paths.registerBuyer}>registriere dich</Link>,
              um Gutscheine zu personalisieren und in deiner Wallet zu sammeln.
            </p>
          </div>
        )}

        {soldHere === false ? (
          <NotSoldHere voucher={voucher} />
        ) : (
          <VoucherPurchasePanel
            voucher={voucher}
            action={(choice) =>
              soldHere && <AddToCartButton voucher={voucher} choice={choice} variant={variant} onDone={onClose} />
            }
          />
        )}

        <p className="voucher-detail__personalise" data-testid="personalise-hint">
          <SparkIcon size={18} />
          <span>
            Nach dem Kauf kannst du den Gutschein in deiner Wallet personalisieren: mit eigenem Motiv, Foto und
            persönlicher Nachricht.
          </span>
        </p>

        {voucher.description && <p className="voucher-detail__lead">{voucher.description}</p>}
        {voucher.long_description && (
          <section aria-labelledby={`${voucher.id}-description-${variant}`} className="voucher-detail__section">
            <Sub id={`${voucher.id}-description-${variant}`} className="voucher-detail__subtitle">
              Beschreibung
            </Sub>
            <ExpandableText text={voucher.long_description} />
          </section>
        )}
        {voucher.note && <p className="voucher-detail__note">{voucher.note}</p>}

        <p className="voucher-detail__seller-link">
          <Link
            to={paths.seller(voucher.seller_id)}
            className="button button--ghost button--small"
            data-testid="seller-info-link"
          >
            <StoreIcon size={18} />
            Verkäufer Info
          </Link>
        </p>
        <VoucherInfo voucher={voucher} headingLevel={variant === 'page' ? 2 : 3} />
      </div>
    </div>
  );
}
