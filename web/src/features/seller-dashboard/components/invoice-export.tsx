import { useState, type FormEvent } from 'react';
import { invoiceExportRequestSchema, SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { describedBy, FieldFrame, fieldId } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchExport, type ExportKind } from '../api/seller-orders.ts';

/**
 * Invoice download by date range (02 §2, §5): both buttons stay disabled until 'Von' and 'Bis' are
 * chosen; PDF gives a zip of the period's invoices, CSV the period's orders; the files carry the dates.
 * 02 §8: errors close the processing indicator; the reason is also announced next to the form.
 */
export function InvoiceExport() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<{ field: 'from' | 'to' | 'form'; message: string } | null>(null);
  const ready = from !== '' && to !== '';

  async function run(kind: ExportKind) {
    const checked = invoiceExportRequestSchema.safeParse({ from, to });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError({ field: issue?.path[0] === 'from' ? 'from' : 'to', message: issue?.message ?? SELLER_TEXT.rangeOrder });
      return;
    }
    setError(null);
    setBusy(kind);
    try {
      const { blob, filename } = await fetchExport(kind, from, to);
      saveBlob(blob, filename);
    } catch (failure) {
      console.error('Invoice export failed', failure);
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 422)) {
        const field = failure.fieldError('from') ? 'from' : failure.fieldError('to') ? 'to' : 'form';
        setError({ field, message: failure.fieldError(field) ?? failure.message });
      }
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('pdf');
  };
  const fromError = error?.field === 'from' ? error.message : undefined;
  const toError = error?.field === 'to' ? error.message : undefined;

  return (
    <section className="card invoice-export" aria-labelledby="invoice-export-title" data-testid="invoice-export">
      <h2 id="invoice-export-title" className="seller-section__title">
        {SELLER_TEXT.invoicesTitle}
      </h2>
      <form className="invoice-export__form" onSubmit={submit} noValidate>
        <DateField name="export-from" label="Von" value={from} max={to} onValueChange={setFrom} error={fromError} />
        <DateField name="export-to" label="Bis" value={to} min={from} onValueChange={setTo} error={toError} />
        <div className="invoice-export__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!ready || busy !== null}
            data-testid="export-pdf"
          >
            {SELLER_TEXT.invoicesPdf}
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={!ready || busy !== null}
            onClick={() => void run('csv')}
            data-testid="export-csv"
          >
            {SELLER_TEXT.invoicesCsv}
          </button>
        </div>
      </form>
      {error?.field === 'form' && (
        <p className="field__hint" role="status" data-testid="export-message">
          {error.message}
        </p>
      )}
      <LoadingOverlay
        show={busy !== null}
        label={busy === 'csv' ? 'CSV wird erstellt…' : 'Rechnungen werden erstellt…'}
      />
    </section>
  );
}

type DateFieldProps = {
  name: 'export-from' | 'export-to';
  label: string;
  value: string;
  /** The other end of the range (empty: no bound). */
  min?: string;
  max?: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
};

/** One end of the export range: a date input with its label and error line. */
function DateField({ name, label, value, min, max, onValueChange, error }: DateFieldProps) {
  const errorId = `${name}-error`;
  return (
    <FieldFrame name={name} label={label} error={error} errorId={errorId}>
      <input
        id={fieldId(name)}
        type="date"
        className="input"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        data-testid={name}
      />
    </FieldFrame>
  );
}
