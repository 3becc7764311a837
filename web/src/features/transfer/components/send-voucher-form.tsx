import { useNavigate } from 'react-router';
import {
  SEND_MAIL_SUBJECT_MAX,
  SEND_MAIL_TEXT_MAX,
  TRANSFER_TEXT,
  sendVoucherMailRequestSchema,
} from '@gm/shared/wallet/transfer';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { sendVoucherMail, type GiftKind } from '../api/transfer.ts';

/** 'Per E-Mail senden' (01 §2, §3 e-mail form, §5): email, subject, text ≤ 252; success → /wallet. */
export function SendVoucherForm({ kind, voucherId }: { kind: GiftKind; voucherId: string }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: '', subject: '', text: '' },
    schema: sendVoucherMailRequestSchema,
    labels: { email: 'E-Mail', subject: 'Betreff', text: 'Nachricht' },
    prepare: (values) => ({ ...values, id: voucherId }),
    submit: async (input) => {
      const message = await sendVoucherMail(kind, input);
      await dialog.success(message, { autoCloseMs: 2000 });
      void navigate(kind === 'buyer' ? paths.walletBuyerVouchers : paths.wallet);
    },
  });
  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate data-testid="send-voucher-form">
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('email')} type="email" inputMode="email" autoComplete="email" required />
      <TextField {...form.text('subject')} maxLength={SEND_MAIL_SUBJECT_MAX} required />
      <TextAreaField {...form.text('text')} maxLength={SEND_MAIL_TEXT_MAX} required />
      <button type="submit" className="button button--primary button--block" disabled={form.submitting}>
        {TRANSFER_TEXT.sendButton}
      </button>
      <LoadingOverlay show={form.submitting} />
    </form>
  );
}
