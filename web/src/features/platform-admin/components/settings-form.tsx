import { SETTINGS_FIELDS, type Settings } from '@gm/shared/settings/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SETTINGS_LABELS, isEuroField, settingsFormSchema, toFormValues } from './settings-form-schema.ts';
import './settings-form.css';

/**
 * The six payout and commission settings (03 §3, §5: all required), used for the global settings and
 * a seller's own ones. Euro fields are typed in euro and sent as cents.
 */
export function SettingsForm({
  initial,
  onSave,
  testId,
}: {
  initial: Settings;
  onSave: (values: Settings) => Promise<void>;
  testId: string;
}) {
  const form = useZodForm(settingsFormSchema, { defaultValues: toFormValues(initial) });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: SETTINGS_LABELS,
    submit: onSave,
  });
  return (
    <form className="form settings-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <div className="settings-form__grid">
        {SETTINGS_FIELDS.map((field) => (
          <FormTextField
            key={field}
            control={form.control}
            name={field}
            label={SETTINGS_LABELS[field]}
            required
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            {...(isEuroField(field) ? { hint: 'in Euro, z. B. 5,00' } : {})}
          />
        ))}
      </div>
      <div className="settings-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting} data-testid="settings-submit">
          {submitting && <Spinner size="sm" />}
          Speichern
        </button>
      </div>
    </form>
  );
}
