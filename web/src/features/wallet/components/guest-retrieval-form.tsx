import { TEXT } from '@gm/shared/validation/messages';
import { WALLET_TEXT, guestRetrievalRequestSchema } from '@gm/shared/wallet/contracts';
import { useForm } from '../../../lib/use-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { retrieveGuestVouchers } from '../api/wallet.ts';

/** 'Gutschein verloren?' (01 §2, §5): e-mail required; the button is disabled while empty or submitting. */
export function GuestRetrievalForm() {
  const dialog = useDialog();
  const form = useForm({
    initial: { email: '' },
    schema: guestRetrievalRequestSchema,
    labels: { email: 'E-Mail' },
    submit: async (input) => {
      const message = await retrieveGuestVouchers(input.email);
      form.setValue('email', '');
      void dialog.success(message || WALLET_TEXT.guestRetrievalSent, { title: TEXT.success });
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="guest-retrieval-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('email')} type="email" inputMode="email" autoComplete="email" required />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.submitting || !form.values.email.trim()}
        data-testid="guest-retrieval-submit"
      >
        {WALLET_TEXT.guestRetrievalButton}
      </button>
      <LoadingOverlay show={form.submitting} />
    </form>
  );
}
