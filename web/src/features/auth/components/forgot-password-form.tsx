import { TEXT } from '@gm/shared/validation/messages';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { forgotPasswordRequestSchema, requestPasswordReset } from '../api/forgot-password.ts';

const LABELS = { email: 'E-Mail' };

/** Requests the reset e-mail; success shows 'Email verschickt!' (01 §4, §8). */
export function ForgotPasswordForm() {
  const dialog = useDialog();
  const form = useZodForm(forgotPasswordRequestSchema, { defaultValues: { email: '' } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      await requestPasswordReset(input);
      form.reset();
      void dialog.success(TEXT.emailSentText, { title: TEXT.emailSentTitle });
    },
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="forgot-password-form">
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
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        Link anfordern
      </button>
      <LoadingOverlay show={submitting} />
    </form>
  );
}
