import { TEXT } from '@gm/shared/validation/messages';
import { useForm } from '../../../lib/use-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { forgotPasswordRequestSchema, requestPasswordReset } from '../api/forgot-password.ts';

/** Requests the reset e-mail; success shows 'Email verschickt!' (01 §4, §8). */
export function ForgotPasswordForm() {
  const dialog = useDialog();
  const form = useForm({
    initial: { email: '' },
    schema: forgotPasswordRequestSchema,
    labels: { email: 'E-Mail' },
    submit: async (input) => {
      await requestPasswordReset(input);
      form.setValue('email', '');
      void dialog.success(TEXT.emailSentText, { title: TEXT.emailSentTitle });
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="forgot-password-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('email')} type="email" inputMode="email" autoComplete="email" required />
      <button type="submit" className="button button--primary button--block" disabled={form.submitting}>
        Link anfordern
      </button>
      <LoadingOverlay show={form.submitting} />
    </form>
  );
}
