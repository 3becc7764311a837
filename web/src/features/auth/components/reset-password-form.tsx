import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormPasswordField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { resetPassword, resetPasswordRequestSchema } from '../api/reset-password.ts';
import { withPasswordMatch } from '../password-match.ts';

const LABELS = { email: 'E-Mail', new_password: 'Neues Passwort', confirm_password: 'Passwort bestätigen' };
export const RESET_REDIRECT_MS = 1000;

/** The contract, with the mismatch shown together with the other errors (as in the registration). */
const RESET_FORM_SCHEMA = withPasswordMatch(resetPasswordRequestSchema, 'new_password', 'confirm_password');

/**
 * Sets a new password with the token from the e-mailed link; success dialog, then /login after 1 s
 * (01 §4). The link carries the address (`?email=`), which fills the e-mail field.
 */
export function ResetPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const dialog = useDialog();
  const form = useZodForm(RESET_FORM_SCHEMA, {
    // The token is no field: it comes with the link and is sent along.
    defaultValues: { email, new_password: '', confirm_password: '', password_token: token },
  });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      await resetPassword(input);
      void dialog.success(AUTH_TEXT.passwordReset, { title: TEXT.success, autoCloseMs: RESET_REDIRECT_MS });
      window.setTimeout(onDone, RESET_REDIRECT_MS);
    },
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="reset-password-form">
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormTextField
        control={form.control}
        name="email"
        label={LABELS.email}
        type="email"
        inputMode="email"
        autoComplete="email"
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
        name="confirm_password"
        label={LABELS.confirm_password}
        autoComplete="new-password"
        required
      />
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        Passwort ändern
      </button>
      <LoadingOverlay show={submitting} />
    </form>
  );
}
