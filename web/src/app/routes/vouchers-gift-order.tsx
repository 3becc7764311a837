import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { TEXT } from '@gm/shared/validation/messages';
import { GIFT_TEXT, type GiftType, type GiftVoucherAnswer } from '@gm/shared/wallet/gift';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { paths, pathAfterPayment } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { VoucherCard } from '../../entities/catalogue/components/voucher-card.tsx';
import { saveBlob } from '../../lib/save-blob.ts';
import { fetchGiftPdf, useGiftOrder } from '../../features/gifts/api/gifts.ts';
import { GiftForm } from '../../features/gifts/components/gift-form.tsx';
import './vouchers-gift-order.css';

/** The 'given' card takes the focus when it appears (the form it replaces had it), so keyboard and screen-reader users land on it. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** Other gift lines of the same payment still to give (the checkout passes them on). */
type GiftQueue = { queue?: string[] };

/**
 * /vouchers-gift/{orderId} (01 §2 "Gift cart"; 02 §2 "Direct sale"): the gift form for a paid gift line
 * (buyer) or a direct-sale line (seller, scanner). 'Bestellung abgeben' gives it; then the next gift
 * line of the payment, the wallet (buyer) or /vouchers-gift (staff). Printed gifts ('Ausgedruckt')
 * first offer their PDFs, one per unit.
 */
export default function VouchersGiftOrderPage() {
  const { orderId } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const dialog = useDialog();
  const { data, error, isLoading, refetch } = useGiftOrder(orderId);
  const [done, setDone] = useState<{ answer: GiftVoucherAnswer; types: GiftType[] } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const staff = auth.isAuth && (auth.role.name === 'seller' || auth.role.name === 'scanner');
  const queue = (location.state as GiftQueue | null)?.queue ?? [];

  function next() {
    if (staff) return void navigate(paths.directSale);
    const [first, ...rest] = queue;
    if (first) return void navigate(paths.giftOrder(first), { state: { queue: rest } satisfies GiftQueue });
    void navigate(pathAfterPayment(false));
  }

  async function onDone(answer: GiftVoucherAnswer, types: GiftType[]) {
    setDone({ answer, types });
    await dialog.success(GIFT_TEXT.success, { autoCloseMs: 1000 });
    // Printed gifts stay to offer their PDFs; the others go on at once.
    if (!types.includes('pdf')) next();
  }

  async function download(id: string, index: number) {
    if (!orderId) return;
    setDownloading(true);
    try {
      saveBlob(await fetchGiftPdf(orderId, id), ids.length > 1 ? `Gutschein-${index + 1}.pdf` : 'Gutschein.pdf');
    } catch {
      await dialog.warning(TEXT.genericError);
    } finally {
      setDownloading(false);
    }
  }

  const gift = data?.gift;
  const ids = done
    ? Array.isArray(done.answer.user_voucher)
      ? done.answer.user_voucher.map((u) => u.id)
      : [done.answer.user_voucher.id]
    : (gift?.user_voucher_ids ?? []);
  const printed = done ? done.types.includes('pdf') : gift?.state === 'done' && gift.gift_types.includes('pdf');
  const given = Boolean(done || gift);

  return (
    <div className="container gift-page" data-testid="gift-page">
      <title>{`${GIFT_TEXT.title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">
          {data?.order.channel === 'direktverkauf' ? GIFT_TEXT.directSaleLabel : 'Geschenk'}
        </p>
        <h1>{GIFT_TEXT.title}</h1>
      </header>
      {error && !data ? (
        error instanceof ApiError && error.status === 404 ? (
          <p className="notice notice--warning" role="alert">
            {error.message}
          </p>
        ) : (
          <LoadFailed text="Die Bestellung konnte gerade nicht geladen werden." onRetry={() => void refetch()} />
        )
      ) : !data ? (
        isLoading && <PageLoader label="Bestellung wird geladen…" />
      ) : (
        <div className="gift-page__layout">
          <aside className="gift-page__summary" aria-label="Bestellung">
            <VoucherCard voucher={data.order.voucher} interactive={false} headingLevel={2} />
            <dl className="definition-list gift-page__facts">
              <dt>Menge</dt>
              <dd data-testid="gift-qty">{data.order.qty} Stück</dd>
              <dt>Betrag</dt>
              <dd>{formatEuro(data.order.total_amount)}</dd>
              {data.order.order_no && (
                <>
                  <dt>Bestellnummer</dt>
                  <dd>{data.order.order_no}</dd>
                </>
              )}
              {data.order.channel === 'direktverkauf' && (
                <>
                  <dt>Verkauf</dt>
                  <dd>
                    <span className="gift-badge">{GIFT_TEXT.directSaleLabel}</span> provisionsfrei
                  </dd>
                </>
              )}
            </dl>
          </aside>
          <section className="gift-page__main">
            {given ? (
              <div className="card gift-done" data-testid="gift-done" tabIndex={-1} ref={focusOnMount}>
                <p className="gift-done__message" role="status">
                  {done ? GIFT_TEXT.success : GIFT_TEXT.alreadyGifted}
                </p>
                {gift && (
                  <p className="field__hint">
                    {gift.gift_types.map((t) => GIFT_TEXT.typeLabels[t]).join(', ')}
                    {gift.email ? ` an ${gift.email}` : ''}
                    {gift.recipient_username ? ` an ${gift.recipient_username}` : ''}
                    {gift.delivered_at ? ` · ${formatDate(gift.delivered_at)}` : ''}
                  </p>
                )}
                {printed && ids.length > 0 && (
                  <>
                    <p>{GIFT_TEXT.pdfReady}</p>
                    <ul className="gift-done__downloads">
                      {ids.map((id, index) => (
                        <li key={id}>
                          <button
                            type="button"
                            className="button button--outline button--small"
                            onClick={() => void download(id, index)}
                            disabled={downloading}
                            data-testid="gift-pdf-download"
                          >
                            {GIFT_TEXT.pdfDownload(index + 1)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <div className="button-row">
                  <button type="button" className="button button--primary" onClick={next} data-testid="gift-continue">
                    Weiter
                  </button>
                </div>
              </div>
            ) : data.can_gift ? (
              <GiftForm data={data} onDone={(answer, types) => void onDone(answer, types)} />
            ) : (
              <div className="card">
                <p className="notice notice--info">{GIFT_TEXT.notPaid}</p>
                <Link to={staff ? paths.directSale : paths.orders}>Zurück</Link>
              </div>
            )}
          </section>
        </div>
      )}
      <LoadingOverlay show={downloading} label="PDF wird erstellt…" />
    </div>
  );
}
