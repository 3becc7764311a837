import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { categorySlug } from '@gm/shared/catalogue/reference-data';
import { mediaUrl } from '../../../lib/media.ts';
import { paths } from '../../../config/paths.ts';
import { CategoryIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useCategories } from '../api/categories.ts';
import { LaterPicture } from '../../../components/ui/later-picture.tsx';
import './category-slider.css';

/** The home category slider (01 §2): category images in a horizontal scroll-snap row with previous/next buttons. */
export function CategorySlider() {
  const titleId = useId();
  const { data: categories, isError } = useCategories();
  const trackRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const measure = useCallback(() => {
    const track = trackRef.current;
    if (track)
      setEdges({ start: track.scrollLeft <= 2, end: track.scrollLeft + track.clientWidth >= track.scrollWidth - 2 });
  }, []);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    if (typeof ResizeObserver === 'undefined') {
      measure();
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    // Measured when the browser has laid the track and its slides out anyway (first paint, resizes), instead of
    // forcing a layout of the whole page on mount (issue 15: main-thread time before the first paint).
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    for (const slide of track.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [measure, categories]);

  // While the categories load, placeholder slides keep the slider's height, so the sections below do not jump.
  if (isError || categories?.length === 0) return null;
  const scroll = (direction: 1 | -1) =>
    trackRef.current?.scrollBy({ left: direction * trackRef.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <section className="section container category-slider" aria-labelledby={titleId} data-testid="category-slider">
      <div className="voucher-carousel__header">
        <div>
          <h2 id={titleId} className="section__title">
            Kategorien entdecken
          </h2>
          <p className="section__lead">Vom Wellnesstag bis zum Kochkurs.</p>
        </div>
        <div className="voucher-carousel__buttons">
          <button
            type="button"
            className="icon-button voucher-carousel__button"
            onClick={() => scroll(-1)}
            disabled={edges.start}
            aria-label="Kategorien zurück"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="icon-button voucher-carousel__button"
            onClick={() => scroll(1)}
            disabled={edges.end}
            aria-label="Kategorien weiter"
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <ul className="category-slider__track" ref={trackRef} onScroll={measure} aria-busy={!categories}>
        {!categories && <SlidePlaceholders />}
        {categories?.map((category) => {
          const slug = category.slug || categorySlug(category.name);
          const image = mediaUrl(category.logo);
          return (
            <li key={category.id} className="category-slider__item">
              <Link to={paths.category(slug)} className="category-slide">
                <span className="category-slide__image" aria-hidden="true">
                  {image ? <LaterPicture src={image} alt="" /> : <CategoryIcon slug={slug} size={40} />}
                </span>
                <span className="category-slide__name">{category.name}</span>
                <span className="category-slide__count">
                  {category.subcategories.length > 0 ? `${category.subcategories.length} Themen` : 'Alle Gutscheine'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Four empty slides of a real slide's height (image, name and count lines) while the categories load. */
function SlidePlaceholders() {
  return Array.from({ length: 4 }, (_, i) => (
    <li key={i} className="category-slider__item" aria-hidden="true">
      <div className="category-slide category-slide--placeholder">
        <span className="category-slide__image skeleton" />
        <span className="category-slide__name">{'\u00a0'}</span>
        <span className="category-slide__count">{'\u00a0'}</span>
      </div>
    </li>
  ));
}
