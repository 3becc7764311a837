import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVoucher } from '../api/get-voucher.ts';
import { VoucherDetailView } from './voucher-detail-view.tsx';

/** The voucher detail as a dialog over a list (01 §2): Escape closes it, the page behind does not scroll. */
export function VoucherDetailModal({ id, onClose, onOpenSeller }: { id: string; onClose: () => void; onOpenSeller: (sellerId: string) => void }) {
  const titleId = useId();
  const { data: voucher, error, isLoading, reload } = useVoucher(id);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="modal--wide detail-modal" testId="voucher-modal">
      <div className="modal__toolbar">
        {voucher ? (
          <Link to={paths.voucher(voucher.id)} className="link-button" data-testid="voucher-modal-page-link">
            Zur Gutscheinseite
          </Link>
        ) : (
          <span />
        )}
        <button type="button" className="icon-button" onClick={onClose} aria-label="Schließen" data-testid="modal-close">
          <CloseIcon />
        </button>
      </div>
      {voucher ? (
        <VoucherDetailView voucher={voucher} variant="modal" titleId={titleId} onOpenSeller={onOpenSeller} />
      ) : error ? (
        <div className="modal__message" role="alert">
          <h2 id={titleId} className="voucher-detail__title">
            {error.status === 404 ? 'Dieser Gutschein ist nicht mehr verfügbar.' : 'Der Gutschein konnte gerade nicht geladen werden.'}
          </h2>
          {error.status !== 404 && (
            <button type="button" className="button button--primary" onClick={reload}>
              Erneut versuchen
            </button>
          )}
        </div>
      ) : (
        <div className="modal__message">
          <h2 id={titleId} className="visually-hidden">
            Gutschein
          </h2>
          {isLoading && <Spinner size="lg" label="Gutschein wird geladen…" />}
        </div>
      )}
    </Modal>
  );
}
