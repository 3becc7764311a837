import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { VoucherCard as VoucherCardData } from '@gm/shared/catalogue/contracts';
import { CARD_DESCRIPTION_MAX, SELLER_NAME_MAX, cutText } from '../../../lib/text.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { CalendarIcon, ClockIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import { monthsLabel, redeemableDaysLabel, voucherPriceLabel, voucherTypeLabel } from '../voucher-format.ts';

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

/** Voucher card (01 §2): the whole card opens /vouchers/{id}; `headingLevel` keeps the page outline right. */
export function VoucherCard({ voucher, headingLevel = 3, interactive = true }: { voucher: VoucherCardData; headingLevel?: 2 | 3 | 4; interactive?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const logo = mediaUrl(voucher.seller.company?.logo);
  const background = mediaUrl(voucher.background_image);
  const seller = sellerDisplayName(voucher);
  const description = cutText(voucher.description, CARD_DESCRIPTION_MAX);

  return (
    <article className={`voucher-card voucher-card--${voucher.styling.text_color}${interactive ? ' voucher-card--interactive' : ''}`} style={cardStyle(voucher)} data-testid="voucher-card" data-voucher-id={voucher.id}>
      <header className="voucher-card__band voucher-card__head">
        <div className="voucher-card__titles">
          <Heading className="voucher-card__title">
            {interactive ? (
              <Link to={paths.voucher(voucher.id)} className="voucher-card__link">
                {voucher.title}
              </Link>
            ) : (
              voucher.title
            )}
          </Heading>
          <p className="voucher-card__seller" title={seller}>
            {cutText(seller, SELLER_NAME_MAX)}
          </p>
        </div>
        <span className="voucher-card__logo">
          {logo ? <img src={logo} alt={`Logo ${seller}`} loading="lazy" decoding="async" /> : <StoreIcon size={22} />}
        </span>
      </header>

      <div className="voucher-card__media">
        {background && <img className="voucher-card__image" src={background} alt="" loading="lazy" decoding="async" />}
        {description && <p className="voucher-card__description">{description}</p>}
      </div>

      <footer className="voucher-card__band voucher-card__foot">
        <div className="voucher-card__price-row">
          <span className="voucher-card__type">{voucherTypeLabel(voucher.type)}</span>
          <span className="voucher-card__price" data-testid="voucher-price">
            {voucherPriceLabel(voucher)}
          </span>
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
        </dl>
      </footer>
    </article>
  );
}
