import type { CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { DiscoveryModals } from '../../entities/catalogue/components/discovery-modals.tsx';
import { useDiscoveryModals } from '../../entities/catalogue/hooks/use-discovery-modals.ts';
import { campaignOf } from '../../features/campaigns/campaign-config.ts';
import { Explainer } from '../../features/campaigns/components/explainer.tsx';
import { ImageSlider } from '../../features/campaigns/components/image-slider.tsx';
import { VoucherCarousel } from '../../features/campaigns/components/voucher-carousel.tsx';
import NotFoundPage from './not-found.tsx';
import './campaign.css';

/** /ostern, /liebe, /muttertag, /vatertag (01 §2): themed hero, image slider, voucher carousels, link to the search. */
export default function CampaignPage() {
  const { pathname } = useLocation();
  const campaign = campaignOf(pathname.replace(/^\/+|\/+$/g, ''));
  const modals = useDiscoveryModals();
  if (!campaign) return <NotFoundPage />;
  const theme = {
    '--campaign-from': campaign.theme.from,
    '--campaign-to': campaign.theme.to,
    '--campaign-accent': campaign.theme.accent,
  } as CSSProperties;

  return (
    <div className={`campaign campaign--${campaign.slug}`} style={theme} data-testid={`campaign-${campaign.slug}`}>
      <title>{`${campaign.title} – Gutscheinmarkt`}</title>
      <section className="campaign__hero">
        <div className="container campaign__hero-inner">
          <div className="campaign__intro">
            <p className="campaign__eyebrow">{campaign.eyebrow}</p>
            <h1 className="campaign__title">{campaign.title}</h1>
            <p className="campaign__lead">{campaign.lead}</p>
            <Link
              to={paths.search(campaign.searchQuery)}
              className="button campaign__cta"
              data-testid="campaign-search-link"
            >
              <SearchIcon size={20} />
              Alle Gutscheine entdecken
            </Link>
          </div>
          <ImageSlider slides={campaign.slides} label={`${campaign.eyebrow}: Bilder`} />
        </div>
      </section>

      <div className="container campaign__body">
        {campaign.carousels.map((carousel) => (
          <VoucherCarousel
            key={carousel.id}
            title={carousel.title}
            lead={carousel.lead}
            voucherIds={carousel.voucherIds}
            onOpenVoucher={modals.openVoucher}
            onOpenSeller={modals.openSeller}
          />
        ))}
        {campaign.explainer && <Explainer explainer={campaign.explainer} />}
        <p className="campaign__more">
          <Link to={paths.search(campaign.searchQuery)} className="button button--primary">
            Alle Gutscheine entdecken
          </Link>
        </p>
      </div>
      <DiscoveryModals modals={modals} />
    </div>
  );
}
