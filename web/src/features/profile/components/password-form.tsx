import { changePasswordSchema } from '@gm/shared/users/profile';
import { FormErrorSummary, FormMessage, PasswordField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { changePassword } from '../api/profile.ts';
import { isDirty, useLeaveSave } from './use-leave-save.ts';
import { useProfileSave } from './use-profile-save.ts';
import './profile-form.css';

const LABELS = {
  current_password: 'Aktuelles Passwort',
  new_password: 'Neues Passwort',
  repeat_password: 'Neues Passwort wiederholen',
};
const INITIAL = { current_password: '', new_password: '', repeat_password: '' };

/** Tab 'Passwort' (/profile-settings, 01 §5): current, new and repeat, each 8–16; the server checks the current one. */
export function PasswordForm({ userId }: { userId: string }) {
  const save = useProfileSave();
  const leave = useLeaveSave((event) => form.handleSubmit(event));
  const form = useForm({
    initial: INITIAL,
    schema: changePasswordSchema,
    labels: LABELS,
    submit: async (data) => {
      await changePassword(userId, data);
      leave.markSaved();
      // 01 §8 'Erfolgreich! Dein Passwort wurde geändert.': the dialog's title carries 'Erfolgreich!'.
      await save.afterSave(leave.leaving.current, 'Dein Passwort wurde geändert.');
    },
    onServerError: save.onServerError,
  });
  const dirty = !save.submitted && isDirty(form.values, INITIAL);

  return (
    <form className="form profile-form" onSubmit={form.handleSubmit} noValidate data-testid="password-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <PasswordField {...form.text('current_password')} autoComplete="current-password" required />
      <PasswordField {...form.text('new_password')} autoComplete="new-password" required hint="8 bis 16 Zeichen" />
      <PasswordField {...form.text('repeat_password')} autoComplete="new-password" required />
      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={form.submitting}
          data-testid="password-submit"
        >
          Speichern
        </button>
      </div>
      <LoadingOverlay show={form.submitting} label="Wird gespeichert…" />
      <LeaveGuard dirty={dirty && !form.submitting} onSave={leave.saveForLeave} />
    </form>
  );
}
