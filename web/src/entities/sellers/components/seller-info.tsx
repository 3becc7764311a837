import type { SellerProfile } from '@gm/shared/catalogue/seller-contracts';
import { mediaUrl } from '../../../lib/media.ts';
import { MapPinIcon, StoreIcon } from '../../../components/ui/icons.tsx';
import { ExpandableText } from '../../catalogue/components/expandable-text.tsx';
import './seller-info.css';

export function sellerName(seller: SellerProfile): string {
  return seller.company?.name || seller.username;
}

/** 'Musterweg 1, 6020 Innsbruck' from the parts that are present. */
export function addressLine(company: SellerProfile['company']): string {
  if (!company) return '';
  const place = [company.zip, company.city].filter(Boolean).join(' ');
  return [company.address, place].filter(Boolean).join(', ');
}

/** The website as a link target: bare domains get https://. */
export function websiteHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/**
 * Company name, logo, username, address, zip and city, region, website and the expandable
 * description (01 §2 seller modal, 02 §2 public seller page).
 */
export function SellerInfo({
  seller,
  titleId,
  headingLevel,
}: {
  seller: SellerProfile;
  titleId?: string;
  headingLevel: 1 | 2;
}) {
  const Heading = `h${headingLevel}` as const;
  const company = seller.company;
  const logo = mediaUrl(company?.logo);
  const address = addressLine(company);
  return (
    <div className="seller-info" data-testid="seller-info">
      <div className="seller-info__head">
        <span className="seller-info__logo">
          {logo ? <img src={logo} alt={`Logo ${sellerName(seller)}`} /> : <StoreIcon size={32} />}
        </span>
        <div className="seller-info__names">
          <Heading id={titleId} className="seller-info__name">
            {sellerName(seller)}
          </Heading>
          <p className="seller-info__username">@{seller.username}</p>
        </div>
      </div>
      <dl className="seller-info__facts">
        {address && (
          <div>
            <dt>Adresse</dt>
            <dd data-testid="seller-address">{address}</dd>
          </div>
        )}
        {company?.region && (
          <div>
            <dt>Region</dt>
            <dd>
              <MapPinIcon size={16} /> {company.region}
            </dd>
          </div>
        )}
        {company?.url && (
          <div>
            <dt>Website</dt>
            <dd>
              <a href={websiteHref(company.url)} target="_blank" rel="noopener noreferrer">
                {company.url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {company?.description && <ExpandableText text={company.description} />}
    </div>
  );
}
