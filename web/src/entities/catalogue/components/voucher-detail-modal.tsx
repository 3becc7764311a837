import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { RouteModal, RouteModalStatus } from '../../../components/ui/route-modal.tsx';
import { useVoucher } from '../api/vouchers.ts';
import { VoucherDetailView } from './voucher-detail-view.tsx';

/** The voucher detail as a dialog over a list (01 §2): Escape closes it, the page behind does not scroll. */
export function VoucherDetailModal({
  id,
  onClose,
  onOpenSeller,
}: {
  id: string;
  onClose: () => void;
  onOpenSeller: (sellerId: string) => void;
}) {
  const titleId = useId();
  const { data: voucher, error, isLoading, refetch } = useVoucher(id);
  return (
    <RouteModal
      onClose={onClose}
      titleId={titleId}
      className="detail-modal"
      testId="voucher-modal"
      pageLink={
        voucher && (
          <Link to={paths.voucher(voucher.id)} className="link-button" data-testid="voucher-modal-page-link">
            Zur Gutscheinseite
          </Link>
        )
      }
    >
      {voucher ? (
        <VoucherDetailView
          voucher={voucher}
          variant="modal"
          titleId={titleId}
          onOpenSeller={onOpenSeller}
          onClose={onClose}
        />
      ) : (
        <RouteModalStatus
          titleId={titleId}
          error={error}
          onRetry={() => void refetch()}
          notFound="Dieser Gutschein ist nicht mehr verfügbar."
          failed="Der Gutschein konnte gerade nicht geladen werden."
          name="Gutschein"
          loading={isLoading}
          loadingLabel="Gutschein wird geladen…"
        />
      )}
    </RouteModal>
  );
}
