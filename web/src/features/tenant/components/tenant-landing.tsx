import type { CSSProperties } from 'react';
import { GiftIcon, SearchIcon, SparkIcon } from '../../../components/ui/icons.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { DiscoveryModals } from '../../../entities/catalogue/components/discovery-modals.tsx';
import { StepList } from '../../../entities/catalogue/components/step-list.tsx';
import { useDiscoveryModals } from '../../../entities/catalogue/hooks/use-discovery-modals.ts';
import { useTenantShop } from '../../../entities/tenant/api/tenant-shop.ts';
import { useSeller } from '../../../entities/sellers/api/sellers.ts';
import { SellerVouchers } from '../../../entities/sellers/components/seller-vouchers.tsx';
import { TENANT_DEFAULT_STEPS, heroTexts, tenantColours } from '../tenant-rules.ts';
import './tenant-landing.css';

const ICONS = [SearchIcon, SparkIcon, GiftIcon] as const;
const STEPS = TENANT_DEFAULT_STEPS.map((step, index) => ({ ...step, icon: ICONS[index] ?? GiftIcon }));

/**
 * The seller landing page of a tenant shop (01 §2: tenant root and /home on a tenant): hero with the two
 * header texts on the company's colours, three numbered steps and 'Unsere Gutscheine' (that seller's only).
 */
export function TenantLanding() {
  const shop = useTenantShop();
  const sellerId = shop.data?.data.seller_id;
  const seller = useSeller(sellerId);
  const modals = useDiscoveryModals();
  if (shop.error && !shop.data) {
    // 404: TenantRedirect is taking the browser to the main site; other failures are logged (01 §8).
    if (shop.error.status !== 404) console.error('Could not load the tenant shop', shop.error);
    return <PageLoader label="Shop wird geladen…" />;
  }
  // The hero waits for the seller's texts (a failure falls back to the company name, see heroTexts).
  if (!shop.data || !sellerId || (!seller.data && !seller.error)) return <PageLoader label="Shop wird geladen…" />;

  const tenant = shop.data.data;
  const company = seller.data?.company ?? null;
  const colours = tenantColours(company ?? tenant.company);
  const hero = heroTexts(
    { name: company?.name ?? tenant.company?.name ?? null, header_1: company?.header_1, header_2: company?.header_2 },
    tenant.username,
  );
  const cover = mediaUrl(company?.header_logo ?? tenant.company?.header_logo);
  const logo = mediaUrl(company?.logo ?? tenant.company?.logo);
  const style = { '--tenant-bg': colours.background, '--tenant-fg': colours.text } as CSSProperties;

  return (
    <div className="tenant-landing" data-testid="tenant-landing" style={style}>
      <title>{`${tenant.company?.name ?? tenant.username} – Gutscheine`}</title>
      <section
        className={`tenant-hero${cover ? ' tenant-hero--cover' : ''}`}
        aria-labelledby="tenant-hero-title"
        data-testid="tenant-hero"
      >
        {cover && <img className="tenant-hero__image" src={cover} alt="" />}
        <div className="container tenant-hero__inner">
          {logo && (
            <img className="tenant-hero__logo" src={logo} alt={`Logo ${tenant.company?.name ?? tenant.username}`} />
          )}
          <h1 id="tenant-hero-title" className="tenant-hero__title">
            {hero.first}
          </h1>
          <p className="tenant-hero__subtitle">{hero.second}</p>
          <a className="button tenant-hero__cta" href="#tenant-vouchers">
            Gutscheine ansehen
          </a>
        </div>
      </section>
      <div className="container tenant-landing__body">
        <StepList
          steps={STEPS}
          heading="h2"
          iconSize={24}
          className="seller-page__steps tenant-landing__steps"
          label="So funktioniert’s"
          testId="tenant-steps"
        />
        <div id="tenant-vouchers" className="tenant-landing__vouchers">
          <SellerVouchers
            sellerId={sellerId}
            headingLevel={2}
            title="Unsere Gutscheine"
            onOpenVoucher={modals.openVoucher}
            paused={Boolean(modals.sellerId || modals.voucherId)}
          />
        </div>
      </div>
      <DiscoveryModals modals={modals} />
    </div>
  );
}
