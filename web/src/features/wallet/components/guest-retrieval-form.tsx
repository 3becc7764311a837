import { TEXT } from '@gm/shared/validation/messages';
import { WALLET_TEXT, guestRetrievalRequestSchema } from '@gm/shared/wallet/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useRetrieveGuestVouchers } from '../api/wallet.ts';

const LABELS = { email: 'E-Mail' };

/** 'Gutschein verloren?' (01 §2, §5): e-mail required; the button is disabled while empty or submitting. */
export function GuestRetrievalForm() {
  const dialog = useDialog();
  const retrieve = useRetrieveGuestVouchers();
  const form = useZodForm(guestRetrievalRequestSchema, { defaultValues: { email: '' } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      const answer = await retrieve.mutateAsync(input.email);
      form.reset({ email: '' });
      void dialog.success(answer || WALLET_TEXT.guestRetrievalSent, { title: TEXT.success });
    },
  });
  const email = form.watch('email');
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="guest-retrieval-form">
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
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={submitting || !email.trim()}
        data-testid="guest-retrieval-submit"
      >
        {WALLET_TEXT.guestRetrievalButton}
      </button>
      <LoadingOverlay show={submitting} />
    </form>
  );
}
