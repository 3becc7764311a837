import { useState } from 'react';
import type { Partner } from '@gm/shared/admin/tourism';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../../components/ui/search-field.tsx';
import { TableState } from '../../../components/ui/table-state.tsx';
import { showRefusal, useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import { downloadPartnersCsv, usePartners, useSetPartnerStatus } from '../api/partners.ts';
import './partners.css';

/** 03 §9: the sellers table shows 5 page links. */
const PAGE_LINKS = 5;

/**
 * /tourism/sellers (03 §2): the partner list with a switch for partner status (is_partner) and one for
 * codes (can_generate) per seller, search (350 ms), 10 per page, CSV download. A tourism account sees its
 * partners and the sellers not yet in a tourism programme; switching one on makes it its partner.
 */
export function PartnersScreen() {
  const dialog = useDialog();
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const { data, error, isLoading, isPlaceholderData, refetch } = usePartners({ page, keyword });
  const setStatus = useSetPartnerStatus();
  const runner = useConfirmedAction();

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await downloadPartnersCsv(), 'partner.csv');
    } catch (failure) {
      console.error('Partner CSV failed', failure);
      void showRefusal(dialog, failure);
    } finally {
      setDownloading(false);
    }
  }

  function toggle(partner: Partner, type: 'partner' | 'codes') {
    const on = type === 'partner' ? partner.is_partner : partner.can_generate;
    void runner.run(() => setStatus.mutateAsync({ id: partner.id, body: { status: !on, type } }));
  }

  const rows = data?.data ?? [];
  const name = (p: Partner) => p.company?.name ?? p.username;
  return (
    <div className="container partners" data-testid="tourism-partners">
      <title>Partner – Gutscheinmarkt</title>
      <header className="partners__header">
        <h1 className="partners__title">Partner</h1>
        <p className="partners__lead">
          Partner erstellen Mitarbeiter-Gutscheine; mit der Code-Freigabe erstellen sie auch Mitarbeiter-Codes.
        </p>
      </header>
      <div className="partners__toolbar">
        <SearchField
          label="Unternehmen durchsuchen"
          placeholder="Unternehmen oder Benutzername suchen"
          value={input}
          onChange={setInput}
          testId="partners-search"
        />
        <button
          type="button"
          className="button button--outline"
          onClick={() => void download()}
          disabled={downloading}
          data-testid="partners-download"
        >
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
        <AdminTable busy={isPlaceholderData} testId="partners-table">
          <caption className="visually-hidden">Unternehmen mit Partnerstatus und Code-Freigabe</caption>
          <thead>
            <tr>
              <th scope="col">Unternehmen</th>
              <th scope="col">Partner</th>
              <th scope="col">Codes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((partner) => (
              <tr key={partner.id} data-testid="partner-row" data-partner-id={partner.id}>
                <th scope="row" data-label="Unternehmen">
                  <span className="admin-table__name">{name(partner)}</span>
                  <span className="admin-table__meta">{partner.username}</span>
                </th>
                <td data-label="Partner">
                  <Switch
                    checked={partner.is_partner}
                    label={`Partner: ${name(partner)}`}
                    disabled={runner.busy}
                    onChange={() => toggle(partner, 'partner')}
                    testId="partner-toggle"
                  />
                </td>
                <td data-label="Codes">
                  <Switch
                    checked={partner.can_generate}
                    label={`Codes: ${name(partner)}`}
                    disabled={runner.busy || !partner.is_partner}
                    onChange={() => toggle(partner, 'codes')}
                    testId="codes-toggle"
                  />
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
          links={PAGE_LINKS}
          label="Seiten der Partnerliste"
        />
      )}
      <LoadingOverlay show={runner.busy || downloading} />
    </div>
  );
}

/** An on/off switch (a button with role switch): its name says what it switches, aria-checked its state. */
function Switch(props: { checked: boolean; label: string; disabled: boolean; onChange: () => void; testId: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-label={props.label}
      className={`partners__switch${props.checked ? ' is-on' : ''}`}
      disabled={props.disabled}
      onClick={props.onChange}
      data-testid={props.testId}
    >
      <span className="partners__switch-knob" aria-hidden="true" />
      <span className="partners__switch-text">{props.checked ? 'An' : 'Aus'}</span>
    </button>
  );
}
