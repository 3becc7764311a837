import { mediaUrl } from '../../../lib/media.ts';
import './personalised-card.css';

type Props = {
  title: string;
  /** Seller name, or the giver of a buyer-designed voucher. */
  byline: string;
  /** Value or price text; null when hidden ('Preis verstecken') or there is none. */
  priceLabel: string | null;
  /** Background image (photo, template or the voucher's own); null shows `fallbackColor`. */
  background: string | null;
  fallbackColor: string;
  textColor: string;
  note: string;
  /** Small variant for lists. */
  compact?: boolean;
  testId?: string;
};

/** The live preview of a personalised voucher (same proportions as the crop, 730 × 676). */
export function PersonalisedCard({
  title,
  byline,
  priceLabel,
  background,
  fallbackColor,
  textColor,
  note,
  compact = false,
  testId,
}: Props) {
  const src = mediaUrl(background);
  return (
    <figure
      className={`personal-card${compact ? ' personal-card--compact' : ''}`}
      style={{ color: textColor, backgroundColor: fallbackColor }}
      data-testid={testId}
    >
      {src && (
        <img className="personal-card__bg" src={src} alt="" data-testid={testId ? `${testId}-background` : undefined} />
      )}
      {src && <div className="personal-card__shade" aria-hidden="true" />}
      <div className="personal-card__content">
        <p className="personal-card__byline">{byline}</p>
        <h2 className="personal-card__title">{title}</h2>
        {note.trim() && (
          <blockquote className="personal-card__note" data-testid={testId ? `${testId}-note` : undefined}>
            {note.trim()}
          </blockquote>
        )}
        {priceLabel && (
          <p className="personal-card__price" data-testid={testId ? `${testId}-price` : undefined}>
            {priceLabel}
          </p>
        )}
      </div>
      <figcaption className="visually-hidden">Vorschau des Gutscheins</figcaption>
    </figure>
  );
}
