import type { CSSProperties } from 'react';
import { websiteSteps } from '@gm/shared/tenant/website-defaults';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { WebsiteIcon } from '../../../components/ui/website-icon.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { DiscoveryModals } from '../../../entities/catalogue/components/discovery-modals.tsx';
import { useDiscoveryModals } from '../../../entities/catalogue/hooks/use-discovery-modals.ts';
import { useTenantShop } from '../../../entities/tenant/api/tenant-shop.ts';
import { SellerVouchers } from '../../../entities/sellers/components/seller-vouchers.tsx';
import { heroTexts, tenantColours } from '../tenant-rules.ts';
import './tenant-landing.css';

/**
 * The seller landing page of a tenant shop (01 §2: tenant root and /home on a tenant), built from the
 * seller's voucher website (02 §2 /website-configuration, answered by the tenant shop lookup): hero
 * with cover, logo, Titel 1 and 2 on the company colours (unless the seller hides the header), the
 * three numbered steps with the seller's texts and icons, 'Unsere Gutscheine' (that seller's only)
 * and the seller's imprint link. Unset fields show the defaults.
 */
export function TenantLanding() {
  const shop = useTenantShop();
  const modals = useDiscoveryModals();
  if (!shop.data) {
    // 404: TenantRedirect is taking the browser to the main site; other failures are logged (01 §8).
    if (shop.error && shop.error.status !== 404) console.error('Could not load the tenant shop', shop.error);
    return <PageLoader label="Shop wird geladen…" />;
  }

  const tenant = shop.data.data;
  const company = tenant.company;
  const name = company?.name ?? tenant.username;
  const colours = tenantColours(company);
  const hero = heroTexts(company, tenant.username);
  const cover = mediaUrl(company?.header_logo);
  const logo = mediaUrl(company?.logo);
  const steps = websiteSteps(company);
  const showHeader = company?.is_header_show !== false;
  const style = { '--tenant-bg': colours.background, '--tenant-fg': colours.text } as CSSProperties;

  return (
    <div className="tenant-landing" data-testid="tenant-landing" style={style}>
      <title>{`${name} – Gutscheine`}</title>
      {showHeader ? (
        <section
          className={`tenant-hero${cover ? ' tenant-hero--cover' : ''}`}
          aria-labelledby="tenant-hero-title"
          data-testid="tenant-hero"
        >
          {cover && <img className="tenant-hero__image" src={cover} alt="" data-testid="tenant-cover" />}
          <div className="container tenant-hero__inner">
            {logo && <img className="tenant-hero__logo" src={logo} alt={`Logo ${name}`} data-testid="tenant-logo" />}
            <h1 id="tenant-hero-title" className="tenant-hero__title">
              {hero.first}
            </h1>
            <p className="tenant-hero__subtitle">{hero.second}</p>
            <a className="button tenant-hero__cta" href="#tenant-vouchers">
              Gutscheine ansehen
            </a>
          </div>
        </section>
      ) : (
        <h1 className="visually-hidden">{hero.first}</h1>
      )}
      <div className="container tenant-landing__body">
        <ol
          className="steps seller-page__steps tenant-landing__steps"
          aria-label="So funktioniert’s"
          data-testid="tenant-steps"
        >
          {steps.map((step, index) => (
            <li key={index} className="step" data-icon={step.icon}>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="feature-icon" aria-hidden="true">
                <WebsiteIcon name={step.icon} size={24} />
              </span>
              <h2 className="step__title">{step.text}</h2>
            </li>
          ))}
        </ol>
        <div id="tenant-vouchers" className="tenant-landing__vouchers">
          <SellerVouchers
            sellerId={tenant.seller_id}
            headingLevel={2}
            title="Unsere Gutscheine"
            onOpenVoucher={modals.openVoucher}
            paused={Boolean(modals.sellerId || modals.voucherId)}
          />
        </div>
        {company?.link && (
          <p className="tenant-landing__imprint">
            <a href={company.link} target="_blank" rel="noopener noreferrer" data-testid="tenant-imprint">
              Impressum von {name}
            </a>
          </p>
        )}
      </div>
      <DiscoveryModals modals={modals} />
    </div>
  );
}
