import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSeller } from '../api/get-seller.ts';
import { SellerInfo } from './seller-info.tsx';
import { SellerVouchers } from './seller-vouchers.tsx';

/** Seller modal (01 §2): company facts and 'Alle Gutscheine', loading more as its body scrolls; Escape closes it. */
export function SellerModal({ id, onClose, onOpenVoucher }: { id: string; onClose: () => void; onOpenVoucher: (voucherId: string) => void }) {
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { data: seller, error, reload } = useSeller(id);
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="modal--wide seller-modal" testId="seller-modal">
      <div className="modal__toolbar">
        <Link to={paths.seller(id)} className="link-button" data-testid="seller-modal-page-link">
          Zur Verkäuferseite
        </Link>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Schließen" data-testid="modal-close">
          <CloseIcon />
        </button>
      </div>
      <div className="modal__scroll" ref={bodyRef} data-testid="seller-modal-body">
        {seller ? (
          <>
            <SellerInfo seller={seller} titleId={titleId} headingLevel={2} />
            <SellerVouchers sellerId={seller.id} headingLevel={3} container={bodyRef} onOpenVoucher={onOpenVoucher} />
          </>
        ) : error ? (
          <div className="modal__message" role="alert">
            <h2 id={titleId} className="voucher-detail__title">
              {error.status === 404 ? 'Diesen Verkäufer gibt es nicht.' : 'Der Verkäufer konnte gerade nicht geladen werden.'}
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
              Verkäufer
            </h2>
            <Spinner size="lg" label="Verkäufer wird geladen…" />
          </div>
        )}
      </div>
    </Modal>
  );
}
