import { SellerModal } from '../../sellers/components/seller-modal.tsx';
import type { useDiscoveryModals } from '../hooks/use-discovery-modals.ts';
import { VoucherDetailModal } from './voucher-detail-modal.tsx';

/** The voucher and seller modals a list page opens through the URL (see useDiscoveryModals). */
export function DiscoveryModals({ modals }: { modals: ReturnType<typeof useDiscoveryModals> }) {
  if (modals.voucherId)
    return (
      <VoucherDetailModal
        key={modals.voucherId}
        id={modals.voucherId}
        onClose={modals.close}
        onOpenSeller={modals.openSeller}
      />
    );
  if (modals.sellerId)
    return (
      <SellerModal
        key={modals.sellerId}
        id={modals.sellerId}
        onClose={modals.close}
        onOpenVoucher={modals.openVoucher}
      />
    );
  return null;
}
