import { useEffect, useState } from 'react';
import { mediaUrl } from '../../../lib/media.ts';
import { MOBILE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { usePartnersWithVouchers } from '../api/partners.ts';
import './partners-carousel.css';

/** 03 §9: carousel autoplay 3000 ms; 03 §2: 3 slides shown. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
const SLIDES_SHOWN = 3;

type Slide = {
  key: string;
  partner: string;
  logo: string | null;
  title: string;
  value: string | null;
  image: string | null;
};

/**
 * /wp/tourism/partners (03 §2, embeddable): the tourism tenant's active partners with their employee
 * vouchers (`subdomain` names the tenant when embedded elsewhere), three slides at a time (one on phones), advancing every 3 s. Autoplay stops while the
 * pointer or keyboard focus is inside, with the 'Pause' button (WCAG 2.2.2), and does not start when the
 * visitor asks for reduced motion.
 */
export function PartnersCarousel({ subdomain }: { subdomain?: string }) {
  const { data, isLoading, error } = usePartnersWithVouchers(subdomain);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);

  const slides: Slide[] = (data?.data ?? []).flatMap((partner) =>
    partner.employee_vouchers.map((voucher) => ({
      key: voucher.id,
      partner: partner.company?.name ?? partner.username,
      logo: partner.company?.logo ?? null,
      title: voucher.title,
      value: voucher.employee_value,
      image: voucher.background_image,
    })),
  );
  const shown = Math.min(mobile ? 1 : SLIDES_SHOWN, slides.length);
  const playing = !paused && !hovered && !reducedMotion && slides.length > shown;

  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => setStart((s) => (s + 1) % slides.length), CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, slides.length]);

  const visible = Array.from({ length: shown }, (_, i) => slides[(start + i) % slides.length]!);
  const move = (step: number) => setStart((s) => (s + step + slides.length) % slides.length);

  return (
    <main className="partners-carousel" data-testid="partners-carousel">
      <title>Unsere Partner – Gutscheinmarkt</title>
      <h1 className="partners-carousel__title">Unsere Partner</h1>
      {isLoading && !data ? (
        <Spinner size="lg" label="Partner werden geladen…" />
      ) : error ? (
        <p className="empty-state">Die Partner konnten gerade nicht geladen werden.</p>
      ) : slides.length === 0 ? (
        <p className="empty-state">Noch keine Daten vorhanden.</p>
      ) : (
        <section
          className="partners-carousel__frame"
          aria-roledescription="Karussell"
          aria-label="Mitarbeiter-Vorteile unserer Partner"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={() => setHovered(false)}
        >
          <div className="partners-carousel__controls">
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
              data-testid="carousel-pause"
            >
              {paused ? 'Abspielen' : 'Pause'}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => move(-1)}
              aria-label="Vorheriger Vorteil"
            >
              <ChevronLeftIcon size={20} />
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => move(1)}
              aria-label="Nächster Vorteil"
            >
              <ChevronRightIcon size={20} />
            </button>
          </div>
          <ul className="partners-carousel__slides" aria-live={playing ? 'off' : 'polite'}>
            {visible.map((slide, i) => (
              <li
                key={`${slide.key}-${i}`}
                className="partners-carousel__slide"
                aria-roledescription="Folie"
                aria-label={`${((start + i) % slides.length) + 1} von ${slides.length}`}
                data-testid="carousel-slide"
              >
                <div
                  className="partners-carousel__image"
                  style={slide.image ? { backgroundImage: `url("${mediaUrl(slide.image)}")` } : undefined}
                />
                <div className="partners-carousel__body">
                  <p className="partners-carousel__partner">
                    {slide.logo && <img src={mediaUrl(slide.logo)} alt="" width={28} height={28} />}
                    {slide.partner}
                  </p>
                  <h2 className="partners-carousel__voucher">{slide.title}</h2>
                  {slide.value && <p className="partners-carousel__value">{slide.value}</p>}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
