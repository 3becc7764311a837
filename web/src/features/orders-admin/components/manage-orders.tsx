import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { ADMIN_ORDER_TEXT, type AdminOrderRow } from '@gm/shared/admin/orders';
import { formatEuro } from '@gm/shared/money/money';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../../components/ui/search-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { showRefusal, SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminOrderPages, useReverseOrder } from '../api/orders-admin.ts';
import { CHANNEL_TEXT, euroOrDash, orderDate, paymentTypeText, statusText } from '../order-format.ts';
import { OrderDetailsModal } from './order-details-modal.tsx';
import './manage-orders.css';

/**
 * /manage-orders 'Bestellungen' (03 §2): search, 10 orders per page with the spec's columns, a details
 * dialog per order and 'Stornieren' (reverse with refund) after a confirmation; 'Warnung!' with the
 * server's message when the reversal is refused (03 §8).
 */
export function ManageOrders() {
  const dialog = useDialog();
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [detailId, setDetailId] = useState<string | null>(null);
  const query = useAdminOrderPages(keyword);
  const reversal = useReverseOrder();

  async function reverse(row: AdminOrderRow) {
    const confirmed = await dialog.confirm(ADMIN_ORDER_TEXT.confirmReverse, {
      title: `Bestellung ${row.order_no ?? ''} stornieren?`,
      confirmLabel: ADMIN_ORDER_TEXT.reverse,
    });
    if (!confirmed) return;
    try {
      const answer = await reversal.mutateAsync(row.id);
      await dialog.success(`${answer.message} Erstattet: ${formatEuro(answer.data.refunded)}.`, {
        autoCloseMs: SUCCESS_CLOSE_MS,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.isValidation)) console.error('Reversal failed', error);
      await showRefusal(dialog, error);
    }
  }

  const data = query.data;
  const rows = data?.data ?? [];
  // A keyword search reads a bounded part of all orders per request (issue 15): a page that is not
  // full but has a next page stopped there — the admin sees what was found and searches on.
  const stopped = Boolean(data?.next_page_url) && rows.length < (data?.per_page ?? 0);
  const searchOn = () => query.goTo(query.page + 1);
  return (
    <div className="container admin-orders" data-testid="admin-orders" data-page={data?.current_page}>
      <title>Bestellungen – Gutscheinmarkt</title>
      <header className="admin-orders__header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1 className="admin-orders__title">Bestellungen</h1>
        <p className="admin-orders__lead">
          Alle abgeschlossenen Bestellungen, neueste zuerst. Eine Stornierung erstattet den bezahlten Betrag und macht
          die Gutscheine ungültig.
        </p>
      </header>
      <div className="admin-orders__toolbar">
        <SearchField
          label="Bestellungen durchsuchen"
          placeholder="Bestellnummer, Verkäufer, Käufer oder Gutschein"
          value={input}
          onChange={setInput}
          testId="admin-orders-search"
          className="admin-orders__search"
        />
        {data && (
          <p className="admin-orders__count" aria-live="polite">
            {stopped
              ? `bisher ${data.total} ${data.total === 1 ? 'Bestellung' : 'Bestellungen'} gefunden`
              : data.total_exact === false
                ? `mindestens ${data.total} Bestellungen`
                : data.total === 1
                  ? '1 Bestellung'
                  : `${data.total} Bestellungen`}
          </p>
        )}
      </div>

      {query.error && !data ? (
        <LoadFailed text="Die Bestellungen konnten gerade nicht geladen werden." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <PageLoader label="Bestellungen werden geladen…" />
      ) : rows.length === 0 && !stopped ? (
        <EmptyState />
      ) : rows.length === 0 ? null : (
        <div className={`table-scroll${query.paging ? ' is-busy' : ''}`} aria-busy={query.paging}>
          <table className="orders-table orders-table--cards admin-orders__table" data-testid="admin-orders-table">
            <caption className="visually-hidden">Bestellungen, neueste zuerst</caption>
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">{'Bestell\u00adnummer'}</th>
                <th scope="col">Verkäufer</th>
                <th scope="col">Käufer</th>
                <th scope="col">Gutschein</th>
                <th scope="col" className="orders-table__amount">
                  Provision
                </th>
                <th scope="col" className="orders-table__amount">
                  Umsatz
                </th>
                <th scope="col">Kanal</th>
                <th scope="col">Status</th>
                <th scope="col">{'Zahlungs\u00adart'}</th>
                <th scope="col" className="orders-table__amount">
                  {'Bearbeitungs\u00adgebühr'}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="admin-order-row"
                  data-order-id={row.id}
                  className={row.reversed ? 'is-reversed' : undefined}
                >
                  <td data-label="Datum">{orderDate(row.created_at)}</td>
                  <td data-label="Bestellnummer">
                    <button
                      type="button"
                      className="link-button admin-orders__no"
                      onClick={() => setDetailId(row.id)}
                      aria-label={`Details der Bestellung ${row.order_no ?? ''} anzeigen`}
                      data-testid="admin-order-details"
                    >
                      {row.order_no ?? '–'}
                    </button>
                  </td>
                  <td data-label="Verkäufer">{row.seller_name || '–'}</td>
                  <td data-label="Käufer">{row.user_name || '–'}</td>
                  <td data-label="Gutschein">{row.voucher_title}</td>
                  <td data-label="Provision" className="orders-table__amount">
                    {euroOrDash(row.commission)}
                  </td>
                  <td data-label="Umsatz" className="orders-table__amount">
                    {formatEuro(row.total_sales)}
                  </td>
                  <td data-label="Kanal">{CHANNEL_TEXT[row.channel]}</td>
                  <td data-label="Status">
                    {/* The Reverse action sits with the status it changes (03 §2: 'unless already reversed'). */}
                    <div className="admin-orders__state">
                      <span
                        className={`admin-orders__status${row.reversed ? ' admin-orders__status--reversed' : ''}`}
                        data-testid="admin-order-status"
                      >
                        {statusText(row.reversed)}
                      </span>
                      {!row.reversed && (
                        <button
                          type="button"
                          className="button button--small button--outline"
                          onClick={() => void reverse(row)}
                          disabled={reversal.isPending}
                          aria-label={`${ADMIN_ORDER_TEXT.reverse}: ${row.order_no ?? row.id}`}
                          data-testid="admin-order-reverse"
                        >
                          {ADMIN_ORDER_TEXT.reverse}
                        </button>
                      )}
                    </div>
                  </td>
                  <td data-label="Zahlungsart">{paymentTypeText(row.p_type)}</td>
                  <td data-label="Bearbeitungsgebühr" className="orders-table__amount">
                    {euroOrDash(row.processing_fee)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && stopped && (
        <div className="admin-orders__stopped" data-testid="admin-orders-stopped">
          <p aria-live="polite">
            {rows.length ? ADMIN_ORDER_TEXT.searchStoppedSome : ADMIN_ORDER_TEXT.searchStoppedNone}
          </p>
          <button
            type="button"
            className="button button--outline"
            onClick={searchOn}
            disabled={query.paging}
            data-testid="admin-orders-search-older"
          >
            {ADMIN_ORDER_TEXT.searchOlder}
          </button>
        </div>
      )}
      {data && (rows.length > 0 || stopped) && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          lastPageAtLeast={data.total_exact === false}
          onPageChange={query.goTo}
          busy={query.paging}
          label="Seiten der Bestellungen"
        />
      )}
      {detailId && (
        <OrderDetailsModal
          orderId={detailId}
          onClose={() => setDetailId(null)}
          onReverse={(row) => void reverse(row)}
          reversing={reversal.isPending}
        />
      )}
      <LoadingOverlay show={reversal.isPending} label="Bestellung wird storniert…" />
    </div>
  );
}
