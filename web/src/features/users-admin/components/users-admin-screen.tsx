import { useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { originLabel } from '@gm/shared/admin/users';
import { USER_FILTER_DEBOUNCE_MS } from '@gm/shared/wallet/gift';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { TableState } from '../../../components/ui/table-state.tsx';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { useAdminUsers, type UsersTab } from '../api/users.ts';
import { UserActions, userStateTags } from './user-actions.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import './users-admin.css';

const TABS: Array<{ role: UsersTab; label: string }> = [
  { role: 'user', label: 'Benutzer' },
  { role: 'seller', label: 'Unternehmen' },
];
const tabId = (role: UsersTab) => `users-tab-${role}`;

/**
 * /users 'Benutzerverwaltung' (03 §2 'User Management'): search (debounced 350 ms), the tabs Benutzer and Unternehmen (Users, Sellers), 10 per
 * page with username, first and last name, origin and the row actions.
 */
/** `initialTab`: the tab to open with (the admin home's sellers count links to the sellers tab). */
export function UsersAdminScreen({ initialTab = 'user' }: { initialTab?: UsersTab } = {}) {
  const [tab, setTab] = useState<UsersTab>(initialTab);
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const keyword = useDebouncedValue(input.trim(), USER_FILTER_DEBOUNCE_MS, () => setPage(1));
  const { data, error, isLoading, isPlaceholderData, refetch } = useAdminUsers({ role: tab, keyword, page });
  const runner = useConfirmedAction();

  function choose(role: UsersTab) {
    setTab(role);
    setPage(1);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'user' ? 'seller' : 'user';
    choose(next);
    document.getElementById(tabId(next))?.focus();
  }

  const users = data?.data ?? [];
  const loadingNext = isPlaceholderData;
  const offset = data ? (data.current_page - 1) * data.per_page : 0;
  const tabLabel = tab === 'user' ? 'Benutzer' : 'Unternehmen';

  return (
    <div className="container users-admin" data-testid="admin-users">
      <title>Benutzerverwaltung – Gutscheinmarkt</title>
      <header className="users-admin__header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1 className="users-admin__title">Benutzerverwaltung</h1>
      </header>

      <div className="users-admin__toolbar">
        <SearchField
          label="Benutzer suchen"
          placeholder="Benutzername oder Name suchen"
          value={input}
          onChange={setInput}
          testId="users-search"
        />
        <div className="users-admin__tabs" role="tablist" aria-label="Benutzergruppen">
          {TABS.map(({ role, label }) => (
            <button
              key={role}
              id={tabId(role)}
              type="button"
              role="tab"
              className={`profile-tabs__tab${tab === role ? ' is-active' : ''}`}
              aria-selected={tab === role}
              aria-controls="users-panel"
              tabIndex={tab === role ? 0 : -1}
              onClick={() => choose(role)}
              onKeyDown={onTabKeyDown}
              data-testid={`users-tab-${role}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <section id="users-panel" role="tabpanel" aria-labelledby={tabId(tab)} data-testid="users-panel">
        {data && (
          <p className="users-admin__count" aria-live="polite">
            {data.total === 1 ? '1 Eintrag' : `${data.total} Einträge`}
          </p>
        )}
        <TableState
          loading={!data && isLoading}
          failed={Boolean(error && !data)}
          empty={Boolean(data && users.length === 0)}
          onRetry={() => void refetch()}
        />

        {users.length > 0 && (
          <AdminTable busy={loadingNext} className="users-admin__table" testId="users-table">
            <caption className="visually-hidden">{`${tabLabel}: Benutzername, Name, Herkunft und Aktionen`}</caption>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Benutzername</th>
                <th scope="col">Vor- und Nachname</th>
                <th scope="col">Herkunft</th>
                <th scope="col">Aktionen</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user, index) => {
                const tags = userStateTags(user);
                const fullname = [user.detail.firstName, user.detail.lastName].filter(Boolean).join(' ');
                return (
                  <tr key={user.id} data-testid="users-row" data-user-id={user.id}>
                    <td>{offset + index + 1}</td>
                    <th scope="row" data-label="Benutzername">
                      <span className="admin-table__name users-admin__name">{user.username}</span>
                      {user.company && <span className="admin-table__meta">{user.company.name}</span>}
                      {tags.length > 0 && (
                        <span className="users-admin__tags" data-testid="users-row-state">
                          {tags.map((tag) => (
                            <span key={tag} className="users-admin__tag">
                              {tag}
                            </span>
                          ))}
                        </span>
                      )}
                    </th>
                    <td data-label="Vor- und Nachname">{fullname || '–'}</td>
                    <td data-label="Herkunft" data-testid="users-row-origin">
                      {originLabel(user.origin)}
                    </td>
                    <td data-label="Aktionen" className="users-admin__cell-actions">
                      <UserActions user={user} runner={runner} />
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
            busy={loadingNext}
            label={`Seiten der Liste ${tabLabel}`}
          />
        )}
      </section>
      <LoadingOverlay show={runner.busy} />
    </div>
  );
}
