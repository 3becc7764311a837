import { Controller } from 'react-hook-form';
import * as z from 'zod/mini';
import { useNavigate } from 'react-router';
import {
  SEND_MAIL_SUBJECT_MAX,
  SEND_MAIL_TEXT_MAX,
  TRANSFER_TEXT,
  sendVoucherMailRequestSchema,
} from '@gm/shared/wallet/transfer';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSendVoucherMail, type OwnedVoucherKind } from '../api/transfer.ts';

/** The fields the buyer fills in; the voucher id comes from the page. */
const sendMailFormSchema = z.pick(sendVoucherMailRequestSchema, { email: true, subject: true, text: true });
const LABELS = { email: 'E-Mail', subject: 'Betreff', text: 'Nachricht' };

/** 'Per E-Mail senden' (01 §2, §3 e-mail form, §5): email, subject, text ≤ 252; success → /wallet. */
export function SendVoucherForm({ kind, voucherId }: { kind: OwnedVoucherKind; voucherId: string }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const send = useSendVoucherMail(kind);
  const form = useZodForm(sendMailFormSchema, { defaultValues: { email: '', subject: '', text: '' } });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (input) => {
      const answer = await send.mutateAsync({ ...input, id: voucherId });
      await dialog.success(answer, { autoCloseMs: 2000 });
      void navigate(kind === 'buyer' ? paths.walletBuyerVouchers : paths.wallet);
    },
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="send-voucher-form">
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
      <FormTextField
        control={form.control}
        name="subject"
        label={LABELS.subject}
        maxLength={SEND_MAIL_SUBJECT_MAX}
        required
      />
      <Controller
        control={form.control}
        name="text"
        render={({ field, fieldState }) => (
          <TextAreaField
            name="text"
            label={LABELS.text}
            value={field.value}
            onValueChange={field.onChange}
            error={fieldState.error?.message}
            maxLength={SEND_MAIL_TEXT_MAX}
            required
          />
        )}
      />
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {TRANSFER_TEXT.sendButton}
      </button>
      <LoadingOverlay show={submitting} />
    </form>
  );
}
