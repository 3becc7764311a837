import { lazy, Suspense } from 'react';
import type { useDiscoveryModals } from '../hooks/use-discovery-modals.ts';

// Loaded when a list first opens one: a list page's first visit does not carry the detail, the cart
// button or the seller's infinite list.
const VoucherDetailModal = lazy(() =>
  import('./voucher-detail-modal.tsx').then((module) => ({ default: module.VoucherDetailModal })),
);
const SellerModal = lazy(() =>
  import('../../sellers/components/seller-modal.tsx').then((module) => ({ default: module.SellerModal })),
);

/** The voucher and seller modals a list page opens through the URL (see useDiscoveryModals). */
export function DiscoveryModals({ modals }: { modals: ReturnType<typeof useDiscoveryModals> }) {
  if (modals.voucherId)
    return (
      <Suspense fallback={null}>
        <VoucherDetailModal
          key={modals.voucherId}
          id={modals.voucherId}
          onClose={modals.close}
          onOpenSeller={modals.openSeller}
        />
      </Suspense>
    );
  if (modals.sellerId)
    return (
      <Suspense fallback={null}>
        <SellerModal
          key={modals.sellerId}
          id={modals.sellerId}
          onClose={modals.close}
          onOpenVoucher={modals.openVoucher}
        />
      </Suspense>
    );
  return null;
}
