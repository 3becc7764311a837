import { useId } from 'react';
import { Link } from 'react-router';
import { CATALOGUE_ADMIN_TEXT } from '@gm/shared/catalogue-admin/contracts';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToggleFeaturedFromCard, useVoucherForAdmin } from '../api/admin-voucher.ts';
import './admin-voucher-modal.css';

const count = new Intl.NumberFormat('de-DE');

/**
 * What an admin gets from a voucher card's header anywhere (02 §6, 03 §2): status, the featured
 * toggle (after confirmation), the seller, and the way to the voucher's statistics.
 */
export default function AdminVoucherModal({ card, onClose }: { card: VoucherCard; onClose: () => void }) {
  const titleId = useId();
  const dialog = useDialog();
  const { data: fresh } = useVoucherForAdmin(card.id);
  const toggle = useToggleFeaturedFromCard();
  const isActive = fresh?.is_active ?? card.is_active;
  const isFeatured = fresh?.is_featured ?? card.is_featured;
  const company = card.seller.company?.name;

  async function flipFeatured() {
    const question = isFeatured
      ? `Soll „${card.title}“ nicht mehr als gesponserter Gutschein erscheinen?`
      : `Soll „${card.title}“ als gesponserter Gutschein erscheinen?`;
    if (!(await dialog.confirm(question))) return;
    try {
      const answer = await toggle.mutateAsync(card.id);
      void dialog.success(answer.message, { autoCloseMs: 1000 });
    } catch (error) {
      void dialog.warning(
        error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : TEXT.genericError,
      );
    }
  }

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="admin-voucher-modal" testId="admin-voucher-modal">
      <div className="admin-voucher-modal__header">
        <div>
          <p className="page-header__eyebrow">Admin</p>
          <h2 id={titleId} className="admin-voucher-modal__title">
            {card.title}
          </h2>
        </div>
        <button type="button" className="icon-button" aria-label="Schließen" onClick={onClose}>
          <CloseIcon size={20} />
        </button>
      </div>
      <dl className="admin-voucher-modal__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-pill${isActive ? ' status-pill--active' : ''}`} data-testid="admin-voucher-status">
              {isActive ? 'Aktiv' : 'Inaktiv'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Sponsoring</dt>
          <dd className="admin-voucher-modal__featured">
            <span data-testid="admin-voucher-featured">
              {isFeatured ? CATALOGUE_ADMIN_TEXT.featured : CATALOGUE_ADMIN_TEXT.notFeatured}
            </span>
            <button
              type="button"
              className={`button button--small ${isFeatured ? 'button--outline' : 'button--primary'}`}
              onClick={() => void flipFeatured()}
              disabled={toggle.isPending}
              data-testid="admin-voucher-feature-toggle"
            >
              {toggle.isPending && <Spinner size="sm" />}
              {isFeatured ? 'Nicht mehr sponsern' : 'Sponsern'}
            </button>
          </dd>
        </div>
        <div>
          <dt>Verkäufer</dt>
          <dd data-testid="admin-voucher-seller">
            {card.seller.username}
            {company && <span className="admin-voucher-modal__company">{company}</span>}
          </dd>
        </div>
        {fresh && (
          <div>
            <dt>Verkauft / Einlösungen</dt>
            <dd>
              {count.format(fresh.stats.sold_count)} / {count.format(fresh.stats.redemption_count)}
            </dd>
          </div>
        )}
      </dl>
      <div className="admin-voucher-modal__actions">
        <Link to={paths.voucher(card.id)} className="button button--ghost" onClick={onClose}>
          Gutschein ansehen
        </Link>
        <Link
          to={paths.voucherStatistic(card.id)}
          className="button button--primary"
          onClick={onClose}
          data-testid="admin-voucher-statistic"
        >
          Statistik ansehen
        </Link>
      </div>
    </Modal>
  );
}
