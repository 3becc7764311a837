import { useSearchParams } from 'react-router';
import { PartnersCarousel } from '../../features/tourism-partners/components/partners-carousel.tsx';

/** /wp/tourism/partners (public, embeddable): the tourism tenant's partners; `?subdomain=` when embedded elsewhere. */
export default function TourismPartnersCarouselPage() {
  const [params] = useSearchParams();
  return <PartnersCarousel subdomain={params.get('subdomain') ?? undefined} />;
}
