import { changePasswordSchema } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormPasswordField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { useChangePassword } from '../api/profile.ts';
import { useLeaveSave } from './use-leave-save.ts';
import { useProfileSave } from './use-profile-save.ts';
import './profile-form.css';

const LABELS = {
  current_password: 'Aktuelles Passwort',
  new_password: 'Neues Passwort',
  repeat_password: 'Neues Passwort wiederholen',
};

/** Tab 'Passwort' (/profile-settings, 01 §5): current, new and repeat, each 8–16; the server checks the current one. */
export function PasswordForm({ userId }: { userId: string }) {
  const save = useProfileSave();
  const changePassword = useChangePassword(userId);
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { current_password: '', new_password: '', repeat_password: '' },
  });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (data) => {
      await changePassword.mutateAsync(data);
      leave.markSaved();
      // 01 §8 'Erfolgreich! Dein Passwort wurde geändert.': the dialog's title carries 'Erfolgreich!'.
      await save.afterSave(leave.leaving.current, 'Dein Passwort wurde geändert.');
    },
    onServerError: save.onServerError,
  });
  const leave = useLeaveSave(() => onSubmit());
  const dirty = !save.submitted && form.formState.isDirty;

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate data-testid="password-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormPasswordField
        control={form.control}
        name="current_password"
        label={LABELS.current_password}
        autoComplete="current-password"
        required
      />
      <FormPasswordField
        control={form.control}
        name="new_password"
        label={LABELS.new_password}
        autoComplete="new-password"
        required
        hint="8 bis 16 Zeichen"
      />
      <FormPasswordField
        control={form.control}
        name="repeat_password"
        label={LABELS.repeat_password}
        autoComplete="new-password"
        required
      />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting} data-testid="password-submit">
          Speichern
        </button>
      </div>
      <LoadingOverlay show={submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
