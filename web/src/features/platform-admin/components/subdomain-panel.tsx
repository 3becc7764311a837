import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { SubdomainSeller } from '@gm/shared/admin/platform';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../../components/ui/search-field.tsx';
import { useSellersWithSubdomain, useSetSubdomain } from '../api/subdomains.ts';
import { TableState } from '../../../components/ui/table-state.tsx';
import { shopUrl } from './shop-url.ts';
import { SubdomainModal } from './subdomain-modal.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import './platform-admin.css';

/** /subdomain 'Manage Subdomain' (03 §2): sellers with a subdomain, assign, rename, remove (empty name). */
export function SubdomainPanel() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(input.trim().toLowerCase(), ADMIN_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const [editing, setEditing] = useState<SubdomainSeller | null | undefined>(undefined);
  const { data, error, isLoading, isPlaceholderData, refetch } = useSellersWithSubdomain({ page, search });
  const remove = useSetSubdomain();
  const action = useConfirmedAction();

  const rows = data?.data ?? [];
  const offset = data ? (data.current_page - 1) * data.per_page : 0;
  return (
    <>
      <div className="platform-admin__toolbar">
        <SearchField
          label="Subdomain suchen"
          placeholder="Subdomain suchen"
          value={input}
          onChange={setInput}
          testId="subdomain-search"
        />
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing(null)}
          data-testid="subdomain-add"
        >
          Subdomain zuweisen
        </button>
      </div>
      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && rows.length === 0)}
        onRetry={() => void refetch()}
      />
      {rows.length > 0 && (
        <AdminTable busy={isPlaceholderData} testId="subdomain-table">
          <caption className="visually-hidden">Verkäufer mit Subdomain</caption>
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              <th scope="col">Verkäufer</th>
              <th scope="col">Subdomain</th>
              <th scope="col">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const url = row.subdomain ? shopUrl(row.subdomain, window.location) : null;
              return (
                <tr key={row.id} data-testid="subdomain-row" data-seller-id={row.id}>
                  <td data-label="Nr.">{offset + index + 1}</td>
                  <th scope="row" data-label="Verkäufer">
                    <span className="admin-table__name">{row.username}</span>
                    {row.company_name && <span className="admin-table__meta">{row.company_name}</span>}
                  </th>
                  <td data-label="Subdomain" data-testid="subdomain-name">
                    {url ? (
                      <a href={url} target="_blank" rel="noopener">
                        {row.subdomain}
                      </a>
                    ) : (
                      row.subdomain
                    )}
                  </td>
                  <td className="admin-table__cell--actions">
                    <div className="admin-table__actions">
                      <button
                        type="button"
                        className="button button--outline button--small"
                        onClick={() => setEditing(row)}
                        disabled={action.busy}
                        aria-label={`Subdomain von ${row.username} ändern`}
                        data-testid="subdomain-edit"
                      >
                        Ändern
                      </button>
                      <button
                        type="button"
                        className="button button--outline button--small admin-table__delete"
                        onClick={() =>
                          void action.run(() => remove.mutateAsync({ sellerId: row.id, name: '' }), {
                            confirm: `Soll die Subdomain „${row.subdomain}“ von ${row.username} entfernt werden?`,
                          })
                        }
                        disabled={action.busy}
                        aria-label={`Subdomain von ${row.username} entfernen`}
                        data-testid="subdomain-remove"
                      >
                        Entfernen
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      {data && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onPageChange={setPage}
          busy={isPlaceholderData}
          label="Seiten der Subdomain-Liste"
        />
      )}
      {editing !== undefined && <SubdomainModal seller={editing} onClose={() => setEditing(undefined)} />}
      <LoadingOverlay show={action.busy} />
    </>
  );
}
