import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { invoiceExportRequestSchema, SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError, useZodForm, type ZodForm } from '../../../lib/use-zod-form.ts';
import { openExportLink } from '../../../lib/export-link.ts';
import { useExport, type ExportKind } from '../api/seller-orders.ts';
import './invoice-export.css';
import './seller-section.css';

type ExportForm = ZodForm<typeof invoiceExportRequestSchema>;

/**
 * Invoice download by date range (02 §2, §5): both buttons stay disabled until 'Von' and 'Bis' are
 * chosen; an end before the start says 'Bitte gib ein gültiges Datum ein' on 'Bis' as soon as both are
 * set (03 §5; the server refuses it the same way). PDF gives a zip of the period's invoices, CSV the
 * period's orders; the files carry the dates and come as a short-lived link (issue 12). 02 §8: errors close the processing indicator; a missing
 * period or a refused range is also shown next to the form.
 */
export function InvoiceExport() {
  const form = useZodForm(invoiceExportRequestSchema, { defaultValues: { from: '', to: '' }, mode: 'onChange' });
  const exporting = useExport();
  const [message, setMessage] = useState<string | undefined>();
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const ready = from !== '' && to !== '';
  const busy: ExportKind | null = exporting.isPending ? (exporting.variables?.kind ?? null) : null;

  const run = (kind: ExportKind) =>
    form.handleSubmit(async (range) => {
      setMessage(undefined);
      try {
        openExportLink(await exporting.mutateAsync({ kind, from: range.from, to: range.to }));
      } catch (failure) {
        console.error('Invoice export failed', failure);
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 422))
          setMessage(applyServerError(failure, form.setError, ['from', 'to']));
      }
    });

  return (
    <section className="card invoice-export" aria-labelledby="invoice-export-title" data-testid="invoice-export">
      <h2 id="invoice-export-title" className="seller-section__title">
        {SELLER_TEXT.invoicesTitle}
      </h2>
      <form className="invoice-export__form" onSubmit={run('pdf')} noValidate>
        <DateField form={form} name="from" label="Von" other={to} testId="export-from" />
        <DateField form={form} name="to" label="Bis" other={from} testId="export-to" />
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
            onClick={run('csv')}
            data-testid="export-csv"
          >
            {SELLER_TEXT.invoicesCsv}
          </button>
        </div>
      </form>
      {message && (
        <p className="field__hint" role="status" data-testid="export-message">
          {message}
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
  form: ExportForm;
  name: 'from' | 'to';
  label: string;
  /** The other end of the range (empty: not chosen yet). */
  other: string;
  testId: string;
};

/**
 * One end of the export range. The range rule sits on 'Bis': changing 'Von' checks 'Bis' again once
 * it is chosen (and never marks an empty 'Bis' before the seller got to it).
 */
function DateField({ form, name, label, other, testId }: DateFieldProps) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <TextField
      ref={field.ref}
      name={`export-${name}`}
      label={label}
      type="date"
      value={field.value}
      min={name === 'to' ? other || undefined : undefined}
      max={name === 'from' ? other || undefined : undefined}
      onValueChange={(value) => {
        field.onChange(value);
        if (name === 'from' && form.getValues('to')) void form.trigger('to');
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      data-testid={testId}
    />
  );
}
