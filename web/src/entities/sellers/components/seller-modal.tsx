import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { RouteModal, RouteModalStatus } from '../../../components/ui/route-modal.tsx';
import { useSeller } from '../api/sellers.ts';
import { SellerInfo } from './seller-info.tsx';
import { SellerVouchers } from './seller-vouchers.tsx';
import './seller-modal.css';

/** Seller modal (01 §2): company facts and 'Alle Gutscheine', loading more as its body scrolls; Escape closes it. */
export function SellerModal({
  id,
  onClose,
  onOpenVoucher,
}: {
  id: string;
  onClose: () => void;
  onOpenVoucher: (voucherId: string) => void;
}) {
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { data: seller, error, refetch } = useSeller(id);
  return (
    <RouteModal
      onClose={onClose}
      titleId={titleId}
      className="seller-modal"
      testId="seller-modal"
      pageLink={
        <Link to={paths.seller(id)} className="link-button" data-testid="seller-modal-page-link">
          Zur Verkäuferseite
        </Link>
      }
    >
      <div className="modal__scroll" ref={bodyRef} data-testid="seller-modal-body">
        {seller ? (
          <>
            <SellerInfo seller={seller} titleId={titleId} headingLevel={2} />
            <SellerVouchers sellerId={seller.id} headingLevel={3} container={bodyRef} onOpenVoucher={onOpenVoucher} />
          </>
        ) : (
          <RouteModalStatus
            titleId={titleId}
            error={error}
            onRetry={() => void refetch()}
            notFound="Diesen Verkäufer gibt es nicht."
            failed="Der Verkäufer konnte gerade nicht geladen werden."
            name="Verkäufer"
            loading
            loadingLabel="Verkäufer wird geladen…"
          />
        )}
      </div>
    </RouteModal>
  );
}
