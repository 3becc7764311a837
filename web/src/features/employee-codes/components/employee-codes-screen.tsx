import { useId, useState } from 'react';
import { EMPLOYEE_CODES_MAX_PER_CALL, type EmployeeCode } from '@gm/shared/admin/tourism';
import { formatDate } from '@gm/shared/dates/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../../components/ui/search-field.tsx';
import { TableState } from '../../../components/ui/table-state.tsx';
import { showRefusal, useConfirmedAction } from '../../../components/ui/use-confirmed-action.ts';
import {
  downloadEmployeeCodes,
  useEmployeeCodes,
  useGenerateEmployeeCodes,
  useOwnPartners,
  useSetEmployeeCodeStatus,
} from '../api/employee-codes.ts';
import './employee-codes.css';

/** 03 §9: the codes table shows 3 page links. */
const PAGE_LINKS = 3;

/**
 * /tourism/employee-codes (tourism account) and /employee-codes (partner with can_generate), 03 §2:
 * search, partner select and Company column for tourism accounts only, number of codes with
 * 'Codes generieren' (disabled at 0 or empty), activate/deactivate per code, Download PDF (every code
 * of the current filter; a row's button: that code's card).
 */
export function EmployeeCodesScreen({ tourism }: { tourism: boolean }) {
  const ids = { partner: useId(), count: useId() };
  const dialog = useDialog();
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const [partnerID, setPartnerID] = useState('');
  const [count, setCount] = useState('');
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const [downloading, setDownloading] = useState(false);
  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const { data, error, isLoading, isPlaceholderData, refetch } = useEmployeeCodes({ page, keyword, partnerID });
  const partners = useOwnPartners(tourism);
  const generate = useGenerateEmployeeCodes();
  const status = useSetEmployeeCodeStatus();
  const runner = useConfirmedAction();

  const number = Number(count);
  const countValid = count.trim() !== '' && Number.isInteger(number) && number > 0;
  const canGenerate = countValid && (!tourism || partnerID !== '');

  async function onGenerate() {
    const answer = await runner.run(() =>
      generate.mutateAsync({
        input: { max: number, ...(tourism ? { partnerID } : {}) },
        key: attemptKey,
      }),
    );
    // A new attempt gets a new key; a failed one may be retried with the same key.
    if (answer) {
      setAttemptKey(crypto.randomUUID());
      setCount('');
      setPage(1);
    }
  }

  async function download(code?: string) {
    setDownloading(true);
    try {
      const blob = await downloadEmployeeCodes(
        code ? { code } : { ...(keyword ? { keyword } : {}), ...(partnerID ? { partnerID } : {}) },
      );
      saveBlob(blob, code ? `mitarbeiter-code-${code}.pdf` : 'mitarbeiter-codes.pdf');
    } catch (failure) {
      console.error('Code PDF failed', failure);
      void showRefusal(dialog, failure);
    } finally {
      setDownloading(false);
    }
  }

  const codes = data?.data ?? [];
  const partnerName = (code: EmployeeCode) => code.company?.name ?? '–';
  return (
    <div className="container employee-codes" data-testid="employee-codes">
      <title>Mitarbeiter-Codes – Gutscheinmarkt</title>
      <header className="employee-codes__header">
        <h1 className="employee-codes__title">Mitarbeiter-Codes</h1>
        <p className="employee-codes__lead">
          Mit einem Code registrieren sich Mitarbeiterinnen und Mitarbeiter deiner Partner. Jeder Code gilt einmal.
        </p>
      </header>

      <section className="employee-codes__generate" aria-labelledby={`${ids.count}-title`}>
        <h2 id={`${ids.count}-title`} className="employee-codes__subtitle">
          Codes erstellen
        </h2>
        <div className="employee-codes__controls">
          {tourism && (
            <div className="employee-codes__field">
              <label htmlFor={ids.partner}>Partner</label>
              <select
                id={ids.partner}
                className="input"
                value={partnerID}
                onChange={(event) => {
                  setPartnerID(event.target.value);
                  setPage(1);
                }}
                data-testid="employee-codes-partner"
              >
                <option value="">Alle Partner</option>
                {(partners.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.company?.name ?? p.username}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="employee-codes__field">
            <label htmlFor={ids.count}>Anzahl Codes</label>
            <input
              id={ids.count}
              className="input employee-codes__count"
              type="number"
              inputMode="numeric"
              min={1}
              max={EMPLOYEE_CODES_MAX_PER_CALL}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              data-testid="employee-codes-count"
            />
          </div>
          <button
            type="button"
            className="button button--primary"
            disabled={!canGenerate || runner.busy}
            onClick={() => void onGenerate()}
            data-testid="employee-codes-generate"
          >
            Codes generieren
          </button>
        </div>
        {tourism && !partnerID && (
          <p className="employee-codes__hint">Wähle einen Partner, für den die Codes gelten.</p>
        )}
      </section>

      <div className="employee-codes__toolbar">
        <SearchField
          label="Codes durchsuchen"
          placeholder={tourism ? 'Code oder Unternehmen suchen' : 'Code suchen'}
          value={input}
          onChange={setInput}
          testId="employee-codes-search"
        />
        <button
          type="button"
          className="button button--outline"
          onClick={() => void download()}
          disabled={downloading || codes.length === 0}
          data-testid="employee-codes-download"
        >
          PDF herunterladen
        </button>
      </div>
      {data && (
        <p className="employee-codes__count-text" aria-live="polite">
          {data.total === 1 ? '1 Code' : `${data.total} Codes`}
        </p>
      )}

      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && codes.length === 0)}
        onRetry={() => void refetch()}
      />
      {codes.length > 0 && (
        <AdminTable busy={isPlaceholderData} testId="employee-codes-table">
          <caption className="visually-hidden">Mitarbeiter-Codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              {tourism && <th scope="col">Unternehmen</th>}
              <th scope="col">Mitarbeiter</th>
              <th scope="col">Erstellt</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.id} data-testid="employee-code-row" data-code={code.value}>
                <th scope="row" data-label="Code">
                  <span className="employee-codes__code">{code.value}</span>
                </th>
                {tourism && <td data-label="Unternehmen">{partnerName(code)}</td>}
                <td data-label="Mitarbeiter">
                  {code.user ? (code.user_details?.fullname ?? code.user.username) : 'noch nicht verwendet'}
                  {code.redemptions.length > 0 && (
                    <details className="employee-codes__redemptions">
                      <summary>
                        {code.redemptions.length === 1 ? '1 Einlösung' : `${code.redemptions.length} Einlösungen`}
                      </summary>
                      <ul>
                        {code.redemptions.map((r) => (
                          <li key={r.id}>
                            {formatDate(r.created_at)} · {r.title} ({r.redemption_no})
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </td>
                <td data-label="Erstellt">{formatDate(code.created_at)}</td>
                <td data-label="Status">
                  <span className={`admin-status${code.is_active ? ' admin-status--on' : ''}`}>
                    {code.is_active ? 'Aktiv' : 'Inaktiv'}
                  </span>
                </td>
                <td className="admin-table__cell--actions">
                  <div className="admin-table__actions">
                    <button
                      type="button"
                      className="button button--outline button--small"
                      disabled={runner.busy}
                      onClick={() =>
                        void runner.run(() => status.mutateAsync({ id: code.id, active: !code.is_active }), {
                          confirm: code.is_active
                            ? `Soll der Code ${code.value} deaktiviert werden?`
                            : `Soll der Code ${code.value} aktiviert werden?`,
                        })
                      }
                      aria-label={`${code.is_active ? 'Deaktivieren' : 'Aktivieren'}: ${code.value}`}
                      data-testid="employee-code-toggle"
                    >
                      {code.is_active ? 'Deaktivieren' : 'Aktivieren'}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={downloading}
                      onClick={() => void download(code.value)}
                      aria-label={`PDF: ${code.value}`}
                    >
                      PDF
                    </button>
                  </div>
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
          label="Seiten der Codeliste"
        />
      )}
      <LoadingOverlay show={runner.busy || downloading} />
    </div>
  );
}
