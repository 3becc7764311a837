import { useState } from 'react';
import { Link } from 'react-router';
import { formatEuro } from '@gm/shared/money/money';
import { formatDate } from '@gm/shared/dates/format';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ProfileLayout } from '../../features/profile/components/profile-layout.tsx';
import { saveBlob } from '../../lib/save-blob.ts';
import { fetchInvoicePdf, invoiceFilename } from '../../entities/order/api/invoice.ts';
import { useOrders } from '../../entities/order/api/orders.ts';
import './orders.css';

/** /orders: the buyer's order history, 9 per page (01 §2 profile tab 'Bestellungen', §7), inside the profile tab strip. */
export default function OrdersPage() {
  const auth = useAuth();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isPlaceholderData, refetch } = useOrders(page, { enabled: auth.isAuth });
  const orders = data?.data ?? [];
  const [downloading, setDownloading] = useState(false);

  // 02 §8: a failed invoice download only closes the processing indicator.
  const download = async (orderId: string, invoiceNo: string) => {
    setDownloading(true);
    try {
      saveBlob(await fetchInvoicePdf(orderId, invoiceNo), invoiceFilename(invoiceNo));
    } catch {
      // nothing else to show
    } finally {
      setDownloading(false);
    }
  };

  if (!auth.isAuth) return null;
  return (
    <ProfileLayout role={auth.role.name} active="orders" pageTitle="Bestellungen" wide>
      <div className="orders-page" data-testid="orders-page">
        <h2 className="orders-page__title">Bestellungen</h2>
        {error && !data ? (
          <LoadFailed text="Deine Bestellungen konnten gerade nicht geladen werden." onRetry={() => void refetch()} />
        ) : !data ? (
          isLoading && <PageLoader label="Bestellungen werden geladen…" />
        ) : orders.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <div className="table-scroll buyer-orders">
              <table className="orders-table orders-table--cards buyer-orders__table" data-testid="orders-table">
                <thead>
                  <tr>
                    <th scope="col">Datum</th>
                    <th scope="col">Bestellnummer</th>
                    <th scope="col">Gutschein</th>
                    <th scope="col" className="orders-table__amount">
                      Betrag
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">Rechnung</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.id} data-testid="order-row">
                      <td data-label="Datum">{formatDate(order.completed_at ?? order.created_at)}</td>
                      <td data-label="Bestellnummer">{order.order_no ?? '–'}</td>
                      <td data-label="Gutschein">
                        <span>
                          {order.voucher.title}
                          {order.is_gift && (
                            <>
                              {' · '}
                              <Link to={paths.giftOrder(order.id)} data-testid="order-gift-link">
                                Geschenk
                              </Link>
                            </>
                          )}
                        </span>
                      </td>
                      <td data-label="Betrag" className="orders-table__amount">
                        {formatEuro(order.total_amount)}
                      </td>
                      <td data-label="Status">{order.reversed ? 'Storniert' : 'Bezahlt'}</td>
                      <td data-label="Rechnung">
                        {order.invoice_no && (
                          <button
                            type="button"
                            className="button button--small button--outline"
                            onClick={() => void download(order.id, order.invoice_no!)}
                            disabled={downloading}
                            aria-label={`Rechnung herunterladen (${order.invoice_no})`}
                            data-testid="order-invoice-download"
                          >
                            Rechnung herunterladen
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={data.current_page}
              lastPage={data.last_page}
              onPageChange={setPage}
              busy={isPlaceholderData}
              label="Bestellungen"
            />
          </>
        )}
        <LoadingOverlay show={downloading} label="Rechnung wird erstellt…" />
      </div>
    </ProfileLayout>
  );
}
