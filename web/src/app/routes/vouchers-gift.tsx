import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { GIFT_LEARN_MORE_URL, GIFT_TEXT } from '@gm/shared/wallet/gift';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { VoucherCard } from '../../entities/catalogue/components/voucher-card.tsx';
import { VoucherPurchasePanel } from '../../entities/catalogue/components/voucher-purchase.tsx';
import { useAddDirectSale, useDirectSaleVouchers } from '../../features/gifts/api/gifts.ts';
import './vouchers-gift.css';

/**
 * /vouchers-gift 'Direktverkauf' (02 §2 "Direct sale"; sellers and their scanner users): the seller's
 * vouchers open for direct sale, provision-free. 'Verschenken' puts the chosen amount into a direct-sale
 * order and opens its gift form (/vouchers-gift/{orderId}). Gift-locked accounts get the 'learn more'
 * dialog and go home.
 */
export default function VouchersGiftPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const dialog = useDialog();
  const { data, error, isLoading, refetch } = useDirectSaleVouchers(auth.isAuth ? auth.data.id : null);
  const directSale = useAddDirectSale();
  const busy = directSale.isPending;
  const asked = useRef(false);

  useEffect(() => {
    if (!data?.gift_locked || asked.current) return;
    asked.current = true;
    void (async () => {
      const more = await dialog.confirm(GIFT_TEXT.giftLockedText, {
        title: GIFT_TEXT.giftLockedTitle,
        confirmLabel: GIFT_TEXT.learnMore,
        cancelLabel: 'Schließen',
      });
      if (more) window.open(GIFT_LEARN_MORE_URL, '_blank', 'noopener');
      void navigate(paths.home, { replace: true });
    })();
  }, [data, dialog, navigate]);

  async function sell(voucher: Voucher, amount: number) {
    try {
      const answer = await directSale.mutateAsync({
        voucher_id: voucher.id,
        ...(voucher.type === 'value' ? { value: amount, qty: 1 } : { qty: amount }),
      });
      void navigate(paths.giftOrder(answer.data.id));
    } catch (err) {
      await dialog.warning(
        err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : TEXT.genericError,
        { title: TEXT.warning },
      );
    }
  }

  const vouchers = data?.gift_locked ? [] : (data?.data ?? []);
  return (
    <div className="container direct-sale" data-testid="direct-sale-page">
      <title>{`${GIFT_TEXT.directSaleTitle} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Provisionsfrei</p>
        <h1>{GIFT_TEXT.directSaleTitle}</h1>
        <p>{GIFT_TEXT.directSaleIntro}</p>
      </header>
      {error && !data ? (
        <LoadFailed text="Die Gutscheine konnten gerade nicht geladen werden." onRetry={() => void refetch()} />
      ) : !data ? (
        isLoading && <PageLoader label="Gutscheine werden geladen…" />
      ) : vouchers.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="direct-sale__list" aria-label="Gutscheine für den Direktverkauf">
          {vouchers.map((voucher) => (
            <li
              key={voucher.id}
              className="direct-sale__item card"
              data-testid="direct-sale-item"
              data-voucher-id={voucher.id}
            >
              <VoucherCard voucher={voucher} interactive={false} headingLevel={2} />
              <p className="direct-sale__badge">
                <span className="gift-badge">{GIFT_TEXT.directSaleLabel}</span> provisionsfrei
              </p>
              <VoucherPurchasePanel
                voucher={voucher}
                action={(choice) => (
                  <button
                    type="button"
                    className="button button--primary button--block"
                    disabled={!choice || busy}
                    onClick={() => choice && void sell(voucher, choice.amount)}
                    data-testid="direct-sale-add"
                  >
                    {GIFT_TEXT.directSaleAdd}
                  </button>
                )}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadingOverlay show={busy} label="Wird verarbeitet…" />
    </div>
  );
}
