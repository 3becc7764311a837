import { useState } from 'react';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { SELLER_TEXT, type SellerOrder } from '@gm/shared/seller/dashboard';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { useSellerOrderPages } from '../api/seller-orders.ts';
import './seller-section.css';
import './seller-orders.css';

export const CHANNEL_LABEL: Record<SellerOrder['channel'], string> = {
  marketplace: 'Marktplatz',
  subdomain: 'Subdomain',
  direktverkauf: 'Direktverkauf',
};

/** The seller's orders (02 §2 'Bestellungen'): 9 per page, newest first, 'storniert' when reversed, redemptions per order in a modal. */
export function SellerOrdersTable() {
  const orders = useSellerOrderPages();
  const [open, setOpen] = useState<SellerOrder | null>(null);
  const rows = orders.data?.data ?? [];

  return (
    <section className="seller-orders" aria-labelledby="seller-orders-title">
      <h2 id="seller-orders-title" className="seller-section__title">
        Alle Bestellungen
      </h2>
      {orders.error && !orders.data ? (
        <LoadFailed
          text="Die Bestellungen konnten gerade nicht geladen werden."
          onRetry={() => void orders.refetch()}
        />
      ) : !orders.data ? (
        <PageLoader label="Bestellungen werden geladen…" />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <div className="table-scroll seller-orders__scroll">
            <table className="orders-table orders-table--cards seller-orders__table" data-testid="seller-orders-table">
              <thead>
                <tr>
                  <th scope="col">Bestellung</th>
                  <th scope="col">Gutschein</th>
                  <th scope="col">Kanal</th>
                  <th scope="col" className="orders-table__amount">
                    Menge
                  </th>
                  <th scope="col" className="orders-table__amount">
                    Betrag
                  </th>
                  <th scope="col" className="orders-table__amount">
                    Provision
                  </th>
                  <th scope="col" className="orders-table__amount">
                    Erlös
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Einlösungen</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((order) => (
                  <tr
                    key={order.id}
                    data-testid="seller-order-row"
                    className={order.reversed ? 'is-reversed' : undefined}
                  >
                    <td data-label="Bestellung">
                      <span>
                        <span className="seller-orders__no">{order.order_no ?? '–'}</span>
                        <span className="seller-orders__date">{formatDate(order.created_at)}</span>
                      </span>
                    </td>
                    <td data-label="Gutschein" className="seller-orders__title">
                      <span>
                        <span className="seller-orders__no">{order.voucher.title}</span>
                        <span className="seller-orders__date">
                          <span className="visually-hidden">Käufer: </span>
                          {order.buyer || '–'}
                        </span>
                      </span>
                    </td>
                    <td data-label="Kanal">{CHANNEL_LABEL[order.channel]}</td>
                    <td data-label="Menge" className="orders-table__amount" data-testid="seller-order-qty">
                      {order.total_qty}
                    </td>
                    <td data-label="Betrag" className="orders-table__amount">
                      {formatEuro(order.total_amount - order.discount)}
                    </td>
                    <td data-label="Provision" className="orders-table__amount">
                      {formatEuro(order.commission + order.processing_fee)}
                    </td>
                    <td data-label="Erlös" className="orders-table__amount">
                      {formatEuro(order.seller_net)}
                    </td>
                    <td data-label="Status">
                      {order.reversed ? (
                        <span className="seller-badge seller-badge--reversed">{SELLER_TEXT.reversed}</span>
                      ) : (
                        'abgeschlossen'
                      )}
                    </td>
                    <td data-label="Einlösungen">
                      {/* The visible count starts the button's name (WCAG 2.5.3 label in name). */}
                      <button
                        type="button"
                        className="button button--small button--outline"
                        onClick={() => setOpen(order)}
                      >
                        {order.redemptions?.length ?? 0}
                        <span className="visually-hidden">
                          {` Einlösungen der Bestellung ${order.order_no ?? ''} anzeigen`}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="seller-orders__note">
            Erlös = Betrag abzüglich Provision und Zahlungsgebühr. Die Gutschrift zieht zusätzlich 20 % USt. auf die
            Provision ab.
          </p>
          <Pagination
            page={orders.page}
            lastPage={orders.lastPage}
            onPageChange={orders.goTo}
            busy={orders.paging}
            label="Bestellungen"
          />
        </>
      )}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        labelledBy="order-redemptions-title"
        className="seller-modal"
        testId="order-redemptions-modal"
      >
        {open && <OrderRedemptions order={open} onClose={() => setOpen(null)} />}
      </Modal>
    </section>
  );
}

function OrderRedemptions({ order, onClose }: { order: SellerOrder; onClose: () => void }) {
  const list = order.redemptions ?? [];
  return (
    <div className="modal__surface">
      <h2 id="order-redemptions-title" className="message-dialog__title">
        Einlösungen – {order.order_no ?? order.voucher.title}
      </h2>
      {order.reversed && <p className="notice notice--warning">{SELLER_TEXT.reversedOrder}</p>}
      {list.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="table-scroll">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Datum</th>
                <th scope="col" className="orders-table__amount">
                  Wert
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id}>
                  <td>{r.redemption_no ?? '–'}</td>
                  <td>{formatDate(r.created_at)}</td>
                  <td className="orders-table__amount">{formatEuro(r.value)}</td>
                  <td>{r.is_revoked ? 'Einlösung widerrufen' : 'eingelöst'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onClose}>
          Schließen
        </button>
      </div>
    </div>
  );
}
