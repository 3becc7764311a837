import { useParams } from 'react-router';
import { GiftIcon, SearchIcon, SparkIcon } from '../../components/ui/icons.tsx';
import { mediaUrl } from '../../lib/media.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { DiscoveryModals } from '../../entities/catalogue/components/discovery-modals.tsx';
import { StepList } from '../../entities/catalogue/components/step-list.tsx';
import { useDiscoveryModals } from '../../entities/catalogue/hooks/use-discovery-modals.ts';
import { useSeller } from '../../entities/sellers/api/sellers.ts';
import { SellerInfo, sellerName } from '../../entities/sellers/components/seller-info.tsx';
import { SellerVouchers } from '../../entities/sellers/components/seller-vouchers.tsx';
import NotFoundPage from './not-found.tsx';
import './seller-page.css';

/** The seller landing page's three numbered steps, with the spec's default texts (01 §2). */
const STEPS = [
  { icon: SearchIcon, title: 'Gutschein wählen', text: 'Such dir ein Erlebnis oder einen Wertgutschein aus.' },
  { icon: SparkIcon, title: 'Gutschein personalisieren', text: 'Motiv, Foto und eine persönliche Nachricht.' },
  { icon: GiftIcon, title: 'Als Geschenk versenden', text: 'Per E-Mail, als Link oder ausgedruckt.' },
] as const;

/** /seller/{id}: header image, logo, name, address, region, website, expandable description and the seller's vouchers (02 §2). */
export default function SellerPage() {
  const { id = '' } = useParams();
  const { data: seller, error, refetch } = useSeller(id);
  const modals = useDiscoveryModals();
  if (error?.status === 404) return <NotFoundPage />;
  if (error && !seller)
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Der Verkäufer konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Erneut versuchen
        </button>
      </section>
    );
  if (!seller) return <PageLoader label="Verkäufer wird geladen…" />;
  const cover = mediaUrl(seller.company?.header_logo);
  const headline = seller.company?.header_1;

  return (
    <div className="seller-page" data-testid="seller-page">
      <title>{`${sellerName(seller)} – Gutscheinmarkt`}</title>
      <div
        className={`seller-page__cover${cover ? '' : ' seller-page__cover--plain'}`}
        style={cover ? undefined : { background: seller.company?.background_color ?? undefined }}
      >
        {cover && <img src={cover} alt="" />}
        {headline && (
          <p className="seller-page__headline" style={{ color: seller.company?.text_color ?? undefined }}>
            {headline}
            {seller.company?.header_2 && <span>{seller.company.header_2}</span>}
          </p>
        )}
      </div>
      <div className="container seller-page__body">
        <div className="seller-page__card">
          <SellerInfo seller={seller} headingLevel={1} />
        </div>
        <StepList
          steps={STEPS}
          heading="h2"
          iconSize={24}
          className="seller-page__steps"
          label="So funktioniert’s"
          testId="seller-steps"
        />
        <SellerVouchers
          sellerId={seller.id}
          headingLevel={2}
          onOpenVoucher={modals.openVoucher}
          paused={Boolean(modals.sellerId || modals.voucherId)}
        />
      </div>
      <DiscoveryModals modals={modals} />
    </div>
  );
}
