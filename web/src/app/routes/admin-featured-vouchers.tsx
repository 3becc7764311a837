import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { CATALOGUE_ADMIN_TEXT } from '@gm/shared/catalogue-admin/contracts';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { PAGE_SIZE } from '@gm/shared/catalogue/reference-data';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useAllVouchers, useToggleFeatured } from '../../features/catalogue-admin/api/featured.ts';
import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { TableState } from '../../components/ui/table-state.tsx';
import { sellerDisplayName } from '../../entities/catalogue/components/voucher-card.tsx';
import { useAdminAction } from '../../features/catalogue-admin/use-admin-action.ts';
import { AdminTable } from '../../components/ui/admin-table.tsx';
import './admin-featured-vouchers.css';

/** 03 §9: admin searches wait 350 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 350;

/** /featured-vouchers 'Gesponserte Gutscheine' (03 §2): every voucher, 10 per page, Gesponsert toggled after confirmation. */
export default function AdminFeaturedVouchersPage() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const keyword = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS, () => setPage(1));
  const { data, error, isLoading, isPlaceholderData, refetch } = useAllVouchers({
    page,
    paginate: PAGE_SIZE.admin,
    ...(keyword ? { keyword } : {}),
  });
  const action = useAdminAction();
  const toggleFeatured = useToggleFeatured();

  async function toggle(voucher: VoucherCard) {
    const question = voucher.is_featured
      ? `Soll „${voucher.title}“ nicht mehr als gesponserter Gutschein erscheinen?`
      : `Soll „${voucher.title}“ als gesponserter Gutschein erscheinen?`;
    // The answer replaces the row in the cached page (useToggleFeatured).
    await action.run(question, () => toggleFeatured.mutateAsync(voucher.id));
  }

  const vouchers = data?.data ?? [];
  // A new page or search is loading while the previous one stays on screen.
  const loadingNext = isPlaceholderData;
  const offset = data ? (data.current_page - 1) * data.per_page : 0;
  return (
    <AdminPage
      title="Gesponserte Gutscheine"
      lead="Gesponserte Gutscheine erscheinen auf der Startseite unter „Unsere Lieblinge“."
      testId="admin-featured"
    >
      <div className="admin-toolbar">
        <label className="admin-search">
          <SearchIcon size={18} />
          <span className="visually-hidden">Gutscheine durchsuchen</span>
          <input
            type="search"
            className="input admin-search__input"
            placeholder="Titel oder Unternehmen suchen"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            maxLength={100}
            data-testid="featured-search"
          />
        </label>
        {data && (
          <p className="admin-toolbar__count" aria-live="polite">
            {data.total === 1 ? '1 Gutschein' : `${data.total} Gutscheine`}
          </p>
        )}
      </div>

      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && vouchers.length === 0)}
        onRetry={() => void refetch()}
      />
      {vouchers.length > 0 && (
        <AdminTable busy={loadingNext} testId="featured-table">
          <caption className="visually-hidden">Alle Gutscheine mit ihrem Sponsoring-Status</caption>
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((voucher, index) => (
              <tr key={voucher.id} data-testid="featured-row" data-voucher-id={voucher.id}>
                <td data-label="Nr.">{offset + index + 1}</td>
                <th scope="row" data-label="Name">
                  <span className="admin-table__name">{voucher.title}</span>
                  <span className="admin-table__meta">
                    {sellerDisplayName(voucher)}
                    {!voucher.is_active && <span className="admin-tag">inaktiv</span>}
                  </span>
                </th>
                <td data-label="Status">
                  <span
                    className={`admin-status${voucher.is_featured ? ' admin-status--on' : ''}`}
                    data-testid="featured-status"
                  >
                    {voucher.is_featured ? CATALOGUE_ADMIN_TEXT.featured : CATALOGUE_ADMIN_TEXT.notFeatured}
                  </span>
                </td>
                <td className="admin-table__cell--actions">
                  <button
                    type="button"
                    className={`button button--small ${voucher.is_featured ? 'button--outline' : 'button--primary'}`}
                    onClick={() => void toggle(voucher)}
                    disabled={action.busy}
                    aria-label={`${voucher.title}: ${voucher.is_featured ? 'nicht mehr sponsern' : 'sponsern'}`}
                    data-testid="featured-toggle"
                  >
                    {voucher.is_featured ? 'Nicht mehr sponsern' : 'Sponsern'}
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
          busy={loadingNext}
          label="Seiten der Gutscheinliste"
        />
      )}
      <LoadingOverlay show={action.busy} />
    </AdminPage>
  );
}
