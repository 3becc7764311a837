import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useForm } from '../../../lib/use-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage, PasswordField, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { resetPassword, resetPasswordRequestSchema } from '../api/reset-password.ts';

const LABELS = { email: 'E-Mail', new_password: 'Neues Passwort', confirm_password: 'Passwort bestätigen' };
export const RESET_REDIRECT_MS = 1000;

/** Sets a new password with the token from the e-mailed link; success dialog, then /login after 1 s (01 §4). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const dialog = useDialog();
  const form = useForm({
    initial: { email: '', new_password: '', confirm_password: '' },
    schema: resetPasswordRequestSchema,
    labels: LABELS,
    prepare: (v) => ({ ...v, password_token: token }),
    submit: async (input) => {
      await resetPassword(input);
      void dialog.success(AUTH_TEXT.passwordReset, { title: TEXT.success, autoCloseMs: RESET_REDIRECT_MS });
      window.setTimeout(onDone, RESET_REDIRECT_MS);
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="reset-password-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('email')} type="email" inputMode="email" autoComplete="email" required />
      <PasswordField {...form.text('new_password')} autoComplete="new-password" required hint="8 bis 16 Zeichen" />
      <PasswordField {...form.text('confirm_password')} autoComplete="new-password" required />
      <button type="submit" className="button button--primary button--block" disabled={form.submitting}>
        Passwort ändern
      </button>
      <LoadingOverlay show={form.submitting} />
    </form>
  );
}
