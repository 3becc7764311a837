import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export const VOUCHER_PARAM = 'voucher';
export const SELLER_PARAM = 'seller';

type ModalState = { discoveryModal?: true } | null;

/**
 * The voucher detail and seller modals of a list page live in the URL (`?voucher=<id>`,
 * `?seller=<id>`): a link opens the page with the modal, Back closes it, and switching from the
 * voucher to its seller replaces one modal with the other.
 */
export function useDiscoveryModals() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const voucherId = params.get(VOUCHER_PARAM);
  const sellerId = params.get(SELLER_PARAM);
  const openedHere = (location.state as ModalState)?.discoveryModal === true;

  const open = useCallback(
    (name: typeof VOUCHER_PARAM | typeof SELLER_PARAM, id: string) => {
      const next = new URLSearchParams(params);
      next.delete(VOUCHER_PARAM);
      next.delete(SELLER_PARAM);
      next.set(name, id);
      // A modal replacing another keeps one history entry, so Back returns to the list.
      void navigate(
        { search: `?${next.toString()}` },
        { replace: Boolean(voucherId || sellerId), state: { discoveryModal: true }, preventScrollReset: true },
      );
    },
    [params, navigate, voucherId, sellerId],
  );

  const close = useCallback(() => {
    if (openedHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(VOUCHER_PARAM);
    next.delete(SELLER_PARAM);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  }, [openedHere, params, navigate]);

  return {
    voucherId,
    sellerId,
    openVoucher: useCallback((id: string) => open(VOUCHER_PARAM, id), [open]),
    openSeller: useCallback((id: string) => open(SELLER_PARAM, id), [open]),
    close,
  };
}
