import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import {
  PAYOUT_TEXT,
  TRANSFER_STATUS_LABEL,
  type CommissionStats,
  type SellerInvoice,
} from '@gm/shared/payouts/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS, SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { refusalText, showRefusal, SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { openExportLink } from '../../../lib/export-link.ts';
import {
  downloadSellerInvoicePdf,
  exportSellerInvoices,
  useCommissionStats,
  useCompleteSellerInvoice,
  useSellerInvoicePages,
  useSendSellerInvoice,
} from '../api/payouts.ts';
import { RunPayoutModal } from './run-payout-modal.tsx';
import './payout-admin.css';

/** The masked IBAN (all but the last 4 characters hidden, 03 §2) with the dots shortened to four. */
export const compactIban = (masked: string) => masked.replace(/•{5,}/, '••••\u00a0');

/** 03 §5: the end day may not lie before the start day (compared by day). */
export function rangeError(from: string, to: string): string | undefined {
  return from && to && to < from ? MSG.invalidDate : undefined;
}

const STAT_CARDS: ReadonlyArray<{ key: keyof CommissionStats; label: string; money: boolean }> = [
  { key: 'invoice_count', label: 'Gutschriften', money: false },
  { key: 'gross', label: 'Umsatz', money: true },
  { key: 'commission', label: 'Provision', money: true },
  { key: 'commission_vat', label: 'USt auf Provision', money: true },
  { key: 'processing_fees', label: 'Zahlungsgebühren', money: true },
  { key: 'payout', label: 'Auszahlungen', money: true },
  { key: 'paid_out', label: 'Davon bezahlt', money: true },
  { key: 'open_payouts', label: 'Offene Auszahlungen', money: false },
];

/** The cards' range: the chosen one, else the current year so far (one year of invoices, not all of them). */
export function statsRange(range: { from: string; to: string }, now = new Date()) {
  if (range.from || range.to) return range;
  const today = viennaDay(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

const dayText = (day: string) => formatDate(`${day}T12:00:00Z`);

function StatsCards({ range }: { range: { from: string; to: string } }) {
  const effective = statsRange(range);
  const stats = useCommissionStats(effective);
  const data = stats.data;
  const caption =
    effective.from && effective.to
      ? `Summen vom ${dayText(effective.from)} bis ${dayText(effective.to)}`
      : effective.from
        ? `Summen seit ${dayText(effective.from)}`
        : `Summen bis ${dayText(effective.to)}`;
  return (
    <section className="payout-admin__stats" aria-labelledby="payout-stats-title" data-testid="payout-stats">
      <h2 id="payout-stats-title" className="payout-admin__stats-title">
        {caption}
      </h2>
      <dl className="payout-admin__cards">
        {STAT_CARDS.map((card) => (
          <div key={card.key} className="payout-admin__card">
            <dt>{card.label}</dt>
            <dd data-testid={`payout-stat-${card.key}`}>
              {data ? (card.money ? formatEuro(data[card.key]) : data[card.key]) : '…'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * /payout 'Auszahlungsmanagment' (03 §2, §4, §5, §8): the seller invoices (Gutschriften) with search,
 * an issue-date range, PDF zip and CSV downloads of the range, 'Jetzt abrechnen' for one seller, and
 * per row the PDF, 'Rechnung senden' (status Pending → Completed) and 'Zahlung abgeschlossen' for a
 * payout paid outside Stripe. A 422 of the list fetch shows 'No Records found.' (03 §8).
 */
export function PayoutAdmin() {
  const dialog = useDialog();
  const [input, setInput] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [running, setRunning] = useState(false);
  const [exporting, setExporting] = useState<'pdf' | 'csv' | null>(null);
  const [busyRow, setBusyRow] = useState<string | null>(null);

  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS);

  // The range is applied only when valid: an end before the start sends no request.
  const toError = rangeError(from, to);
  const [range, setRange] = useState({ from: '', to: '' });
  useEffect(() => {
    if (!toError) setRange({ from, to });
  }, [from, to, toError]);

  const query = useSellerInvoicePages({ keyword, ...range });
  const send = useSendSellerInvoice();
  const complete = useCompleteSellerInvoice();
  const canExport = Boolean(from && to && !toError);

  async function download(kind: 'pdf' | 'csv') {
    setExporting(kind);
    try {
      openExportLink(await exportSellerInvoices(kind, { from, to, keyword }));
    } catch (failure) {
      void dialog.warning(refusalText(failure));
    } finally {
      setExporting(null);
    }
  }

  async function pdf(row: SellerInvoice) {
    setBusyRow(row.id);
    try {
      await downloadSellerInvoicePdf(row.id, row.invoice_no);
    } catch (failure) {
      void showRefusal(dialog, failure);
    } finally {
      setBusyRow(null);
    }
  }

  async function act(row: SellerInvoice, kind: 'send' | 'complete') {
    const text =
      kind === 'send'
        ? `Die Gutschrift ${row.invoice_no} wird per E-Mail mit PDF an ${row.company_name} gesendet.${row.email_sent ? ' Sie wurde bereits gesendet; der Verkäufer erhält sie noch einmal.' : ''}`
        : `Die Auszahlung von ${formatEuro(row.payout)} an ${row.company_name} (${row.invoice_no}) wurde außerhalb von Stripe überwiesen?`;
    const confirmed = await dialog.confirm(text, {
      title: kind === 'send' ? `${PAYOUT_TEXT.sendInvoice}?` : `${PAYOUT_TEXT.markComplete}?`,
      confirmLabel: kind === 'send' ? PAYOUT_TEXT.sendInvoice : PAYOUT_TEXT.markComplete,
    });
    if (!confirmed) return;
    setBusyRow(row.id);
    try {
      const answer = await (kind === 'send' ? send : complete).mutateAsync(row.id);
      void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.isValidation)) console.error('Payout action failed', failure);
      void showRefusal(dialog, failure);
    } finally {
      setBusyRow(null);
    }
  }

  const data = query.data;
  const rows = data?.data ?? [];
  const noRecords = query.error instanceof ApiError && query.error.status === 422;
  return (
    <div className="container payout-admin" data-testid="payout-admin">
      <title>{`${PAYOUT_TEXT.title} – Gutscheinmarkt`}</title>
      <header className="payout-admin__header">
        <div>
          <p className="page-header__eyebrow">Verwalten</p>
          <h1 className="payout-admin__title">{PAYOUT_TEXT.title}</h1>
          <p className="payout-admin__lead">
            Gutschriften an die Verkäufer, neueste zuerst. Der Status zeigt, ob die Gutschrift per E-Mail gesendet
            wurde; die Überweisung, ob das Geld beim Verkäufer ist.
          </p>
        </div>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setRunning(true)}
          data-testid="payout-run"
        >
          {PAYOUT_TEXT.runPayout}
        </button>
      </header>

      <StatsCards range={range} />

      <div className="payout-admin__toolbar">
        <SearchField
          label="Gutschriften durchsuchen"
          placeholder="Unternehmen oder Rechnungsnummer"
          value={input}
          onChange={setInput}
          testId="payout-search"
          className="payout-admin__search"
        />
        <div className="payout-admin__range">
          <TextField
            name="payout_from"
            label="Von"
            type="date"
            value={from}
            onValueChange={setFrom}
            data-testid="payout-from"
          />
          <TextField
            name="payout_to"
            label="Bis"
            type="date"
            value={to}
            onValueChange={setTo}
            error={toError}
            data-testid="payout-to"
          />
        </div>
        <div className="payout-admin__downloads">
          <button
            type="button"
            className="button button--outline"
            onClick={() => void download('pdf')}
            disabled={!canExport || exporting !== null}
            title={canExport ? undefined : 'Bitte zuerst Von und Bis wählen.'}
            data-testid="payout-download-pdf"
          >
            {exporting === 'pdf' && <Spinner size="sm" />}
            {PAYOUT_TEXT.downloadPdf}
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void download('csv')}
            disabled={!canExport || exporting !== null}
            title={canExport ? undefined : 'Bitte zuerst Von und Bis wählen.'}
            data-testid="payout-download-csv"
          >
            {exporting === 'csv' && <Spinner size="sm" />}
            {PAYOUT_TEXT.downloadCsv}
          </button>
        </div>
      </div>
      {data && !noRecords && (
        <p className="payout-admin__count" aria-live="polite">
          {data.total === 1 ? '1 Gutschrift' : `${data.total} Gutschriften`}
        </p>
      )}

      {noRecords ? (
        <p className="empty-state" data-testid="payout-no-records">
          {PAYOUT_TEXT.noRecords}
        </p>
      ) : query.error && !data ? (
        <LoadFailed text="Die Gutschriften konnten gerade nicht geladen werden." onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div className="payout-admin__loading">
          <Spinner label="Gutschriften werden geladen…" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <AdminTable busy={query.paging} className="payout-admin__table" testId="payout-table">
          <caption className="visually-hidden">Gutschriften an Verkäufer, neueste zuerst</caption>
          <thead>
            <tr>
              <th scope="col">Rechnungsnr.</th>
              <th scope="col">Datum</th>
              <th scope="col">Unternehmen</th>
              <th scope="col" className="payout-admin__amount">
                Auszahlung
              </th>
              <th scope="col">IBAN</th>
              <th scope="col">Status</th>
              <th scope="col">Überweisung</th>
              <th scope="col" className="admin-table__cell--actions">
                Aktionen
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const completable = row.transfer_status === 'manual' || row.transfer_status === 'failed';
              return (
                <tr key={row.id} data-testid="payout-row" data-invoice-id={row.id}>
                  <th scope="row" data-label="Rechnungsnr.">
                    <span className="admin-table__name">{row.invoice_no}</span>
                  </th>
                  <td data-label="Datum">{formatDate(row.issued_at)}</td>
                  <td data-label="Unternehmen">{row.company_name}</td>
                  <td data-label="Auszahlung" className="payout-admin__amount">
                    {formatEuro(row.payout)}
                  </td>
                  <td data-label="IBAN" className="payout-admin__iban">
                    {compactIban(row.iban)}
                  </td>
                  <td data-label="Status">
                    <span
                      className={`payout-admin__badge payout-admin__badge--${row.email_sent ? 'done' : 'open'}`}
                      data-testid="payout-status"
                    >
                      {row.email_sent ? PAYOUT_TEXT.statusCompleted : PAYOUT_TEXT.statusPending}
                    </span>
                  </td>
                  <td data-label="Überweisung">
                    <span
                      className={`payout-admin__transfer payout-admin__transfer--${row.transfer_status}`}
                      data-testid="payout-transfer"
                    >
                      {TRANSFER_STATUS_LABEL[row.transfer_status]}
                    </span>
                  </td>
                  <td className="admin-table__cell--actions">
                    <div className="admin-table__actions payout-admin__actions">
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        onClick={() => void pdf(row)}
                        disabled={busyRow === row.id}
                        aria-label={`PDF der Gutschrift ${row.invoice_no} herunterladen`}
                        data-testid="payout-pdf"
                      >
                        PDF
                      </button>
                      <button
                        type="button"
                        className="button button--small button--outline"
                        onClick={() => void act(row, 'send')}
                        disabled={busyRow === row.id}
                        aria-label={`${PAYOUT_TEXT.sendInvoice}: ${row.invoice_no}`}
                        data-testid="payout-send"
                      >
                        {PAYOUT_TEXT.sendInvoice}
                      </button>
                      {completable && (
                        <button
                          type="button"
                          className="button button--small button--primary"
                          onClick={() => void act(row, 'complete')}
                          disabled={busyRow === row.id}
                          aria-label={`${PAYOUT_TEXT.markComplete}: ${row.invoice_no}`}
                          data-testid="payout-complete"
                        >
                          {PAYOUT_TEXT.markComplete}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      {data && !noRecords && rows.length > 0 && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onPageChange={query.goTo}
          busy={query.paging}
          label="Seiten der Gutschriften"
        />
      )}
      {running && <RunPayoutModal onClose={() => setRunning(false)} />}
      <LoadingOverlay
        show={send.isPending || complete.isPending}
        label={send.isPending ? 'Gutschrift wird gesendet…' : 'Zahlung wird gespeichert…'}
      />
    </div>
  );
}
