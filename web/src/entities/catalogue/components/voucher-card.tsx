import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { regionLabel, showsRegionOnCards } from '@gm/shared/catalogue/reference-data';
import { Link } from 'react-router';
import type { VoucherCard as VoucherCardData } from '@gm/shared/catalogue/contracts';
import { CARD_DESCRIPTION_MAX, cutText } from '../../../lib/text.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { useRole } from '../../../lib/auth.ts';
import { CalendarIcon, ClockIcon, MapPinIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import {
  monthsLabel,
  redeemableDaysLabel,
  sellerNameOnCard,
  voucherPriceLabel,
  voucherTypeLabel,
} from '../voucher-format.ts';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';
import { LaterPicture } from '../../../components/ui/later-picture.tsx';
import './voucher-card.css';

// Admins only: other roles never load it.
const AdminVoucherModal = lazy(() => import('./admin-voucher-modal.tsx'));

type CardStyle = CSSProperties & Record<`--${string}`, string>;

/** The seller's own voucher colours, with the theme as fallback for empty values. */
function cardStyle(voucher: VoucherCardData): CardStyle {
  const s = voucher.styling;
  const style: CardStyle = {};
  if (s.header_and_footer_background_color) style['--vc-band-bg'] = s.header_and_footer_background_color;
  if (s.header_and_footer_color) style['--vc-band-fg'] = s.header_and_footer_color;
  if (s.background_color) style['--vc-bg'] = s.background_color;
  if (s.background_description_color) style['--vc-desc-bg'] = s.background_description_color;
  if (s.description_color) style['--vc-desc-fg'] = s.description_color;
  return style;
}

export function sellerDisplayName(voucher: Pick<VoucherCardData, 'seller'>): string {
  return voucher.seller.company?.name || voucher.seller.username;
}

export type VoucherCardActions = {
  /** Lists open the detail modal instead of navigating (a modified click still opens the page). */
  onOpen?: ((voucher: VoucherCardData) => void) | undefined;
  /** The seller name opens the seller modal. */
  onOpenSeller?: ((sellerId: string) => void) | undefined;
  /** '_blank' where the list is embedded elsewhere (/wp). */
  linkTarget?: '_blank' | undefined;
  /** Description cut: 60 by default, 120 on some lists (01 §9). */
  descriptionMax?: number | undefined;
};

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Voucher card (01 §2): the whole card opens /vouchers/{id}, the heart toggles the wishlist; `headingLevel` keeps the page outline right. */
export function VoucherCard({
  voucher,
  headingLevel = 3,
  interactive = true,
  onOpen,
  onOpenSeller,
  linkTarget,
  descriptionMax = CARD_DESCRIPTION_MAX,
  priority = false,
}: {
  /** A seller's own employee voucher (`is_tourism`) shows its employee value instead of a price. */
  voucher: VoucherCardData & { is_tourism?: boolean; employee_value?: string | null | undefined };
  headingLevel?: 2 | 3 | 4;
  interactive?: boolean;
  /** In the first screen (the first cards of a list, the detail page): its picture loads at once, the first one first. */
  priority?: boolean | 'high';
} & VoucherCardActions) {
  const Heading = `h${headingLevel}` as const;
  // 03 §2: for admins, the card's header opens the admin voucher modal, on every page that shows cards.
  const isAdmin = useRole() === 'admin';
  const [adminOpen, setAdminOpen] = useState(false);
  const logo = mediaUrl(voucher.seller.company?.logo);
  const background = mediaUrl(voucher.background_image);
  const seller = sellerDisplayName(voucher);
  const description = cutText(voucher.description, descriptionMax);
  const employeeValue = voucher.is_tourism ? (voucher.employee_value ?? '') : null;
  const region = showsRegionOnCards(voucher.seller_id)
    ? (voucher.seller.company?.region ?? regionLabel(voucher.region_id))
    : null;

  return (
    <article
      className={`voucher-card voucher-card--${voucher.styling.text_color}${interactive ? ' voucher-card--interactive' : ''}`}
      style={cardStyle(voucher)}
      data-testid="voucher-card"
      data-voucher-id={voucher.id}
    >
      <header className="voucher-card__band voucher-card__head">
        {isAdmin && (
          <button
            type="button"
            className="voucher-card__admin"
            onClick={() => setAdminOpen(true)}
            aria-label={`Admin-Ansicht: ${voucher.title}`}
            data-testid="voucher-card-admin"
          />
        )}
        <div className="voucher-card__titles">
          <Heading className="voucher-card__title">
            {interactive ? (
              <Link
                to={paths.voucher(voucher.id)}
                className="voucher-card__link"
                {...(linkTarget ? { target: linkTarget, rel: 'noopener' } : {})}
                onClick={(event) => {
                  if (!onOpen || !isPlainClick(event.nativeEvent)) return;
                  event.preventDefault();
                  onOpen(voucher);
                }}
              >
                {voucher.title}
              </Link>
            ) : (
              voucher.title
            )}
          </Heading>
          {interactive && onOpenSeller ? (
            <button
              type="button"
              className="voucher-card__seller voucher-card__seller-button"
              title={seller}
              onClick={() => onOpenSeller(voucher.seller_id)}
              aria-label={`Verkäufer ${seller} ansehen`}
            >
              {sellerNameOnCard(seller)}
            </button>
          ) : (
            <p className="voucher-card__seller" title={seller}>
              {sellerNameOnCard(seller)}
            </p>
          )}
        </div>
        <span className="voucher-card__logo">
          {logo ? <LaterPicture src={logo} alt={`Logo ${seller}`} /> : <StoreIcon size={22} />}
        </span>
      </header>

      <div className="voucher-card__media">
        {background &&
          (priority ? (
            <img
              className="voucher-card__image"
              src={background}
              alt=""
              width={730}
              height={411}
              loading="eager"
              {...(priority === 'high' ? { fetchPriority: 'high' as const } : {})}
            />
          ) : (
            <LaterPicture className="voucher-card__image" src={background} alt="" width={730} height={411} />
          ))}
        <WishlistHeart voucherId={voucher.id} title={voucher.title} />
        {description && <p className="voucher-card__description">{description}</p>}
      </div>

      <footer className="voucher-card__band voucher-card__foot">
        <div className="voucher-card__price-row">
          <span className="voucher-card__type">
            {employeeValue === null ? voucherTypeLabel(voucher.type) : 'Mitarbeitergutschein'}
          </span>
          <span className="voucher-card__price" data-testid="voucher-price">
            {employeeValue ?? voucherPriceLabel(voucher)}
          </span>
          {employeeValue === null && <span className="voucher-card__vat">inkl. MwSt.</span>}
        </div>
        <dl className="voucher-card__meta">
          <div>
            <dt>
              <ClockIcon size={14} />
              <span className="visually-hidden">Einlösbar</span>
            </dt>
            <dd>{redeemableDaysLabel(voucher.valid_day)}</dd>
          </div>
          <div>
            <dt>
              <CalendarIcon size={14} />
              <span className="visually-hidden">Monate</span>
            </dt>
            <dd>{monthsLabel(voucher.months)}</dd>
          </div>
          {region && (
            <div data-testid="voucher-region">
              <dt>
                <MapPinIcon size={14} />
                <span className="visually-hidden">Region</span>
              </dt>
              <dd>{region}</dd>
            </div>
          )}
        </dl>
      </footer>
      {adminOpen && (
        <Suspense fallback={null}>
          <AdminVoucherModal card={voucher} onClose={() => setAdminOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}
