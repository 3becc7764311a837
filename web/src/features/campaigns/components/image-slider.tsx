import { useEffect, useId, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/ui/icons.tsx';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { SLIDE_INTERVAL_MS, type CampaignSlide } from '../campaign-config.ts';
import './image-slider.css';

/**
 * An image slider that advances every 3000 ms (01 §9). It pauses while hovered or focused and when
 * the visitor pauses it; with reduced motion it never advances on its own.
 */
export function ImageSlider({
  slides,
  label,
  testId = 'image-slider',
  className = '',
}: {
  slides: readonly CampaignSlide[];
  label: string;
  testId?: string;
  className?: string;
}) {
  const id = useId();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const running = !reducedMotion && !stopped && !hovered && !focused && slides.length > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, slides.length]);

  if (slides.length === 0) return null;
  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      className={`image-slider ${className}`}
      aria-roledescription="Karussell"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid={testId}
      data-running={running}
    >
      <div className="image-slider__viewport" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <figure
            key={slide.image}
            id={`${id}-slide-${i}`}
            className={`image-slider__slide${i === index ? ' is-current' : ''}`}
            role="group"
            aria-roledescription="Folie"
            aria-label={`${i + 1} von ${slides.length}: ${slide.title}`}
            aria-hidden={i !== index}
          >
            <img src={slide.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
            <figcaption className="image-slider__caption">
              <strong>{slide.title}</strong>
              <span>{slide.text}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="image-slider__controls">
          <button
            type="button"
            className="icon-button icon-button--on-dark"
            onClick={() => go(index - 1)}
            aria-label="Vorherige Folie"
          >
            <ChevronLeftIcon />
          </button>
          <div className="image-slider__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.image}
                type="button"
                className={`image-slider__dot${i === index ? ' is-current' : ''}`}
                onClick={() => go(i)}
                aria-label={`Folie ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={`${id}-slide-${i}`}
              />
            ))}
          </div>
          <button
            type="button"
            className="icon-button icon-button--on-dark"
            onClick={() => go(index + 1)}
            aria-label="Nächste Folie"
          >
            <ChevronRightIcon />
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className="icon-button icon-button--on-dark"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped ? 'Automatisch weiterblättern' : 'Anhalten'}
              data-testid={`${testId}-toggle`}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
