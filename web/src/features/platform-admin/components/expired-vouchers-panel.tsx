import { useState } from 'react';
import { HOLDER_LABEL, type ExpiredVoucher } from '@gm/shared/admin/platform';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { openExportLink } from '../../../lib/export-link.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { downloadExpiredCsv, useExpiredVouchers } from '../api/expired.ts';
import { TableState } from '../../../components/ui/table-state.tsx';
import { refusalText } from '../../../components/ui/use-confirmed-action.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import './platform-admin.css';

function Holder({ holder }: { holder: ExpiredVoucher['holder'] }) {
  if (holder.kind === 'unclaimed')
    return <span className="platform-admin__holder--none">{HOLDER_LABEL.unclaimed}</span>;
  return (
    <>
      <span className="admin-table__name">{holder.label ?? '–'}</span>
      <span className="admin-table__meta">{holder.kind === 'guest' ? 'Gast' : 'Käufer'}</span>
    </>
  );
}

function remaining(row: ExpiredVoucher): string {
  const value = formatEuro(row.remaining_value);
  return row.type === 'quantity' ? `${value} · ${row.remaining_qty} Stück` : value;
}

/**
 * /voucher-expired 'Expired Vouchers' (03 §2): bought vouchers past their validity that still hold
 * value, 10 per page, most recently expired first; the CSV holds every row.
 */
export function ExpiredVouchersPanel() {
  const { data, error, isLoading, isPlaceholderData, refetch, goTo } = useExpiredVouchers();
  const [downloading, setDownloading] = useState(false);
  const dialog = useDialog();

  async function download() {
    setDownloading(true);
    try {
      openExportLink(await downloadExpiredCsv());
    } catch (failure) {
      void dialog.warning(refusalText(failure));
    } finally {
      setDownloading(false);
    }
  }

  const rows = data?.data ?? [];
  return (
    <>
      <div className="platform-admin__toolbar">
        <p className="platform-admin__toolbar-note" aria-live="polite">
          {!data
            ? ''
            : data.total_exact === false
              ? `mindestens ${data.total} Gutscheine`
              : data.total === 1
                ? '1 Gutschein'
                : `${data.total} Gutscheine`}
        </p>
        <button
          type="button"
          className="button button--outline"
          onClick={() => void download()}
          disabled={downloading || !data || data.total === 0}
          data-testid="expired-csv"
        >
          {downloading && <Spinner size="sm" />}
          CSV herunterladen
        </button>
      </div>
      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && rows.length === 0)}
        onRetry={() => void refetch()}
      />
      {rows.length > 0 && (
        <AdminTable busy={isPlaceholderData} testId="expired-table">
          <caption className="visually-hidden">Abgelaufene Gutscheine mit Restwert</caption>
          <thead>
            <tr>
              <th scope="col">Gutschein</th>
              <th scope="col">Restwert</th>
              <th scope="col">Inhaber</th>
              <th scope="col">Verkäufer</th>
              <th scope="col">Gültig bis</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="expired-row" data-user-voucher-id={row.id}>
                <th scope="row" data-label="Gutschein">
                  <span className="admin-table__name">{row.title}</span>
                  <span className="admin-table__meta">{row.order_no}</span>
                </th>
                <td data-label="Restwert" className="platform-admin__amount">
                  {remaining(row)}
                </td>
                <td data-label="Inhaber">
                  <Holder holder={row.holder} />
                </td>
                <td data-label="Verkäufer">{row.seller.name}</td>
                <td data-label="Gültig bis">{formatDate(row.valid_until)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      {data && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          lastPageAtLeast={data.total_exact === false}
          onPageChange={goTo}
          busy={isPlaceholderData}
          label="Seiten der Liste abgelaufener Gutscheine"
        />
      )}
    </>
  );
}
