import { useState } from 'react';
import { EMPLOYEE_VOUCHER_TEXT, type EmployeeVoucherRow } from '@gm/shared/tourism/employee-vouchers';
import { TEXT } from '@gm/shared/validation/messages';
import { AdminTable } from '../../components/ui/admin-table.tsx';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../components/ui/search-field.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TableState } from '../../components/ui/table-state.tsx';
import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { useAdminAction } from '../../features/catalogue-admin/use-admin-action.ts';
import {
  downloadEmployeeRedemptionsCsv,
  useEmployeeVouchers,
  useSetEmployeeVoucherStatus,
} from '../../features/employee-vouchers/api/employee-vouchers.ts';
import { EmployeeValueEditor } from '../../features/employee-vouchers/components/employee-value-editor.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import './tourism-employee-vouchers.css';

/**
 * /tourism/employee-vouchers (03 §2): the tourism account's employee vouchers (admin: all), search by
 * title, 10 per page, value editable, activate/deactivate, Redemptions CSV download.
 */
export default function TourismEmployeeVouchersPage() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const { data, error, isLoading, isPlaceholderData, refetch } = useEmployeeVouchers({ page, keyword });
  const action = useAdminAction();
  const setStatus = useSetEmployeeVoucherStatus();
  const dialog = useDialog();
  const [downloading, setDownloading] = useState(false);

  async function toggle(voucher: EmployeeVoucherRow) {
    const question = voucher.is_active
      ? 'Bist du sicher, dass du diesen Gutschein deaktivieren willst?'
      : 'Bist du sicher, dass du diesen Gutschein aktivieren willst?';
    await action.run(question, () => setStatus.mutateAsync({ id: voucher.id, status: !voucher.is_active }));
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadEmployeeRedemptionsCsv();
    } catch (failure) {
      console.error('CSV download failed', failure);
      void dialog.warning(TEXT.genericError);
    } finally {
      setDownloading(false);
    }
  }

  const vouchers = data?.data ?? [];
  const offset = data ? (data.current_page - 1) * data.per_page : 0;
  return (
    <AdminPage
      title={EMPLOYEE_VOUCHER_TEXT.pageTitle}
      testId="tourism-employee-vouchers"
      action={
        <button
          type="button"
          className="button button--outline"
          onClick={() => void download()}
          disabled={downloading}
          data-testid="employee-redemptions-csv"
        >
          {EMPLOYEE_VOUCHER_TEXT.redemptionsCsv}
        </button>
      }
    >
      <div className="admin-toolbar">
        <SearchField
          label="Mitarbeitergutscheine durchsuchen"
          placeholder={EMPLOYEE_VOUCHER_TEXT.search}
          value={input}
          onChange={setInput}
          testId="employee-voucher-search"
        />
      </div>
      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && vouchers.length === 0)}
        onRetry={() => void refetch()}
      />
      {vouchers.length > 0 && (
        <AdminTable busy={isPlaceholderData} testId="employee-voucher-table">
          <caption className="visually-hidden">Mitarbeitergutscheine</caption>
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              <th scope="col">Titel</th>
              <th scope="col">Unternehmen</th>
              <th scope="col">Wert</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((voucher, index) => (
              <tr key={voucher.id} data-testid="employee-voucher-row" data-voucher-id={voucher.id}>
                <td data-label="Nr.">{offset + index + 1}</td>
                <th scope="row" data-label="Titel">
                  <span className="admin-table__name">{voucher.title}</span>
                  {!voucher.is_active && <span className="employee-voucher-inactive">inaktiv</span>}
                </th>
                <td data-label="Unternehmen">{voucher.seller.company?.name ?? voucher.seller.username}</td>
                <td data-label="Wert">
                  <EmployeeValueEditor key={voucher.employee_value} voucher={voucher} />
                </td>
                <td className="admin-table__cell--actions">
                  <button
                    type="button"
                    className={`button button--small ${voucher.is_active ? 'button--outline' : 'button--primary'}`}
                    onClick={() => void toggle(voucher)}
                    disabled={action.busy}
                    data-testid="employee-voucher-toggle"
                  >
                    {voucher.is_active ? 'Deaktivieren' : 'Aktivieren'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      {data && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onPageChange={setPage}
          busy={isPlaceholderData}
          label="Seiten der Mitarbeitergutscheine"
        />
      )}
      <LoadingOverlay show={action.busy} />
    </AdminPage>
  );
}
