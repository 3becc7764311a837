import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ACCOUNTING_CHART_IDS,
  ACCOUNTING_TEXT,
  accountingExportSchema,
  outstandingVouchersRequestSchema,
} from '@gm/shared/payouts/accounting';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openExportLink } from '../../../lib/export-link.ts';
import { applyServerError, useZodForm } from '../../../lib/use-zod-form.ts';
import { useAccountingExport, type AccountingExportArgs, type AccountingExportKind } from '../api/accounting.ts';
import './accounting-panel.css';

const CHART_OPTIONS = ACCOUNTING_CHART_IDS.map((id) => ({ value: id, label: id }));
const BUSY_LABEL: Record<AccountingExportKind, string> = {
  datev: 'DATEV-Export wird erstellt…',
  bmd: 'BMD-Export wird erstellt…',
  outstanding: 'Gutscheinverbindlichkeiten werden berechnet…',
};

const VIEW_OPTIONS = [
  { value: 'platform', label: ACCOUNTING_TEXT.viewPlatform },
  { value: 'seller', label: ACCOUNTING_TEXT.viewSeller },
];

type AccountingPanelProps = {
  /** Admins: one seller's books (absent: every seller). Sellers always get their own. */
  sellerId?: string | null | undefined;
  /** Admins choose the view: the platform's books (default) or a seller's own, to hand over. */
  admin?: boolean;
};

/**
 * 'Buchhaltungsexport' (issue 12): the bookings of a period as a DATEV booking batch or a BMD import
 * (chart SKR03/SKR04, optionally the accountant's Berater-/Mandantennummer), and the outstanding
 * vouchers (Gutscheinverbindlichkeiten) at a chosen day. Sellers get their own books, admins the
 * platform's. Each file comes as a short-lived link; an end before the start says 'Bitte gib ein
 * gültiges Datum ein' on 'Bis' (the server refuses it the same way).
 */
export function AccountingPanel({ sellerId, admin = false }: AccountingPanelProps) {
  const range = useZodForm(accountingExportSchema, {
    defaultValues: {
      from: '',
      to: '',
      chart: 'SKR03',
      consultant_no: '',
      client_no: '',
      ...(admin ? { view: 'platform' as const } : {}),
    },
    mode: 'onChange',
  });
  const stichtag = useZodForm(outstandingVouchersRequestSchema, {
    defaultValues: { at: viennaDay(new Date()) },
    mode: 'onChange',
  });
  const exporting = useAccountingExport();
  const [message, setMessage] = useState<string | undefined>();
  const [from, to] = useWatch({ control: range.control, name: ['from', 'to'] });
  const at = useWatch({ control: stichtag.control, name: 'at' });
  const busy: AccountingExportKind | null = exporting.isPending ? (exporting.variables?.kind ?? null) : null;
  const scope = sellerId ? { seller_id: sellerId } : {};

  const run = async (args: AccountingExportArgs, onError: (failure: ApiError) => string | undefined) => {
    setMessage(undefined);
    try {
      openExportLink(await exporting.mutateAsync(args));
    } catch (failure) {
      console.error('Accounting export failed', failure);
      setMessage(
        failure instanceof ApiError && (failure.status === 404 || failure.status === 422)
          ? onError(failure)
          : 'Achtung! Etwas ist schief gelaufen. Versuche es nochmal oder kontaktiere uns.',
      );
    }
  };
  const bookings = (kind: 'datev' | 'bmd') =>
    range.handleSubmit((body) =>
      run({ kind, body: { ...body, ...scope } }, (failure) =>
        applyServerError(failure, range.setError, ['from', 'to', 'chart', 'view', 'consultant_no', 'client_no']),
      ),
    );
  const outstanding = stichtag.handleSubmit((body) =>
    run({ kind: 'outstanding', body: { ...body, ...scope } }, (failure) =>
      applyServerError(failure, stichtag.setError, ['at']),
    ),
  );

  return (
    <section className="card accounting-panel" aria-labelledby="accounting-panel-title" data-testid="accounting-panel">
      <h2 id="accounting-panel-title" className="accounting-panel__title">
        {ACCOUNTING_TEXT.title}
      </h2>
      <p className="accounting-panel__intro">{ACCOUNTING_TEXT.intro}</p>
      <form
        className="accounting-panel__form"
        onSubmit={bookings('datev')}
        noValidate
        aria-label="Buchungen exportieren"
      >
        <FormTextField
          control={range.control}
          name="from"
          label={ACCOUNTING_TEXT.from}
          type="date"
          max={to || undefined}
          data-testid="accounting-from"
        />
        <FormTextField
          control={range.control}
          name="to"
          label={ACCOUNTING_TEXT.to}
          type="date"
          min={from || undefined}
          data-testid="accounting-to"
        />
        <FormSelectField control={range.control} name="chart" label={ACCOUNTING_TEXT.chart} options={CHART_OPTIONS} />
        {admin && (
          <FormSelectField control={range.control} name="view" label={ACCOUNTING_TEXT.view} options={VIEW_OPTIONS} />
        )}
        <FormTextField
          control={range.control}
          name="consultant_no"
          label={ACCOUNTING_TEXT.consultant}
          inputMode="numeric"
          placeholder="optional"
          data-testid="accounting-consultant"
        />
        <FormTextField
          control={range.control}
          name="client_no"
          label={ACCOUNTING_TEXT.client}
          inputMode="numeric"
          placeholder="optional"
          data-testid="accounting-client"
        />
        <div className="accounting-panel__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!from || !to || busy !== null}
            data-testid="accounting-datev"
          >
            {ACCOUNTING_TEXT.datev}
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={!from || !to || busy !== null}
            onClick={bookings('bmd')}
            data-testid="accounting-bmd"
          >
            {ACCOUNTING_TEXT.bmd}
          </button>
        </div>
      </form>
      <form
        className="accounting-panel__form"
        onSubmit={outstanding}
        noValidate
        aria-label={ACCOUNTING_TEXT.outstanding}
      >
        <FormTextField
          control={stichtag.control}
          name="at"
          label={ACCOUNTING_TEXT.at}
          type="date"
          data-testid="accounting-at"
        />
        <div className="accounting-panel__actions">
          <button
            type="submit"
            className="button button--outline"
            disabled={!at || busy !== null}
            data-testid="accounting-outstanding"
          >
            {ACCOUNTING_TEXT.outstanding}
          </button>
        </div>
      </form>
      {message && (
        <p className="field__hint" role="status" data-testid="accounting-message">
          {message}
        </p>
      )}
      <LoadingOverlay show={busy !== null} label={busy ? BUSY_LABEL[busy] : ''} />
    </section>
  );
}
