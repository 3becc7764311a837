import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SellerVoucherCard } from '@gm/shared/catalogue/contracts';
import { paths } from '../../../config/paths.ts';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { VoucherCard } from '../../../entities/catalogue/components/voucher-card.tsx';
import { voucherPriceLabel, voucherTypeLabel } from '../../../entities/catalogue/voucher-format.ts';
import './flip-voucher-card.css';

type Props = {
  voucher: SellerVoucherCard;
  busy?: boolean;
  onToggle: () => void;
  onDelete: () => void;
};

/** Badge over an inactive voucher's card (list and statistics page). */
export function InactiveBadge() {
  return (
    <span className="inactive-badge" data-testid="inactive-badge">
      Inaktiv
    </span>
  );
}

/**
 * A seller's voucher card that turns over (CSS 3D flip, instant with reduced motion) to show its actions:
 * Bearbeiten, Statistik, Aktivieren/Deaktivieren, Löschen (02 §2). A button over the front turns it; the
 * hidden side is inert, so keyboard focus never lands on it.
 */
export function FlipVoucherCard({ voucher, busy = false, onToggle, onDelete }: Props) {
  const [flipped, setFlipped] = useState(false);
  const backId = useId();
  const frontButton = useRef<HTMLButtonElement>(null);
  const firstAction = useRef<HTMLAnchorElement>(null);

  function turn(toBack: boolean) {
    setFlipped(toBack);
    // Focus follows the visible side once it is no longer inert.
    requestAnimationFrame(() => (toBack ? firstAction.current : frontButton.current)?.focus());
  }

  return (
    <div
      className={`flip-card${flipped ? ' is-flipped' : ''}${voucher.is_active ? '' : ' is-inactive'}`}
      data-testid="seller-voucher"
      data-voucher-id={voucher.id}
      data-active={voucher.is_active}
    >
      <div className="flip-card__inner">
        <div className="flip-card__face flip-card__front" inert={flipped}>
          <VoucherCard voucher={voucher} interactive={false} />
          {!voucher.is_active && <InactiveBadge />}
          <button
            ref={frontButton}
            type="button"
            className="flip-card__turn"
            aria-expanded={flipped}
            aria-controls={backId}
            aria-label={`Aktionen für „${voucher.title}“ anzeigen`}
            onClick={() => turn(true)}
          />
        </div>
        <div
          id={backId}
          className="flip-card__face flip-card__back"
          inert={!flipped}
          onKeyDown={(e) => e.key === 'Escape' && turn(false)}
        >
          <div className="flip-card__back-head">
            <p className="flip-card__back-title">{voucher.title}</p>
            <p className="flip-card__back-meta">
              {voucherTypeLabel(voucher.type)} · {voucherPriceLabel(voucher)}
            </p>
            <p className={`status-pill${voucher.is_active ? ' status-pill--active' : ''}`}>
              {voucher.is_active ? 'Aktiv' : 'Inaktiv'}
            </p>
          </div>
          <div className="flip-card__actions">
            <Link
              ref={firstAction}
              to={paths.updateVoucher(voucher.id)}
              className="button button--primary button--small"
            >
              Bearbeiten
            </Link>
            <Link to={paths.voucherStatistic(voucher.id)} className="button button--outline button--small">
              Statistik
            </Link>
            <button type="button" className="button button--outline button--small" onClick={onToggle} disabled={busy}>
              {voucher.is_active ? 'Deaktivieren' : 'Aktivieren'}
            </button>
            <button type="button" className="button button--danger button--small" onClick={onDelete} disabled={busy}>
              Löschen
            </button>
          </div>
          <button type="button" className="link-button flip-card__back-button" onClick={() => turn(false)}>
            <ChevronLeftIcon size={16} />
            Zurück zur Karte
          </button>
        </div>
      </div>
    </div>
  );
}
