import { useMemo } from 'react';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_MIN_VALUE, REDEMPTION_TEXT, type ScannedVoucher } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { initialAmountText, redemptionAmountSchema } from '../redemption-amount.ts';
import './redemption-form.css';
import './scanner-card.css';

/** What the form hands on: the `value` (cents) or `qty` (units) of the redeem request. */
export type RedemptionAmount = { value?: number | null; qty?: number | null };

/** The redemption panel (02 §2 "code loaded shows the redemption panel"): the voucher, what is left, the amount. */
export function RedemptionForm({
  voucher,
  busy,
  onSubmit,
  onCancel,
}: {
  voucher: ScannedVoucher;
  busy: boolean;
  onSubmit: (amount: RedemptionAmount) => void;
  onCancel: () => void;
}) {
  // A 'Nur auf einmal einlösbar' gift is redeemed whole: the amount is everything left, pre-filled and locked.
  const once = voucher.voucher_usage === 'once';
  const schema = useMemo(() => redemptionAmountSchema(voucher), [voucher]);
  const form = useZodForm(schema, { defaultValues: { value: initialAmountText(voucher) } });
  const isProduct = voucher.type === 'quantity';
  const submit = form.handleSubmit((amount) => onSubmit(amount));

  return (
    <form
      className="card redemption-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="redemption-form-title"
      data-testid="redemption-form"
    >
      <h2 id="redemption-form-title" className="redemption-form__title">
        {voucher.title}
      </h2>
      <dl className="redemption-form__facts">
        <div>
          <dt>Bestellnummer</dt>
          <dd>{voucher.order_no}</dd>
        </div>
        <div>
          <dt>{isProduct ? 'Noch einlösbar' : 'Restwert'}</dt>
          <dd data-testid="redemption-remaining">
            {isProduct ? `${voucher.remaining_qty} Stück` : formatEuro(voucher.remaining_value)}
          </dd>
        </div>
        <div>
          <dt>Gültig bis</dt>
          <dd>{formatDate(voucher.valid_until)}</dd>
        </div>
      </dl>
      {voucher.expired && (
        <p className="redemption-form__expired" role="note">
          Dieser Gutschein ist abgelaufen. Du kannst ihn nach einer Bestätigung trotzdem einlösen.
        </p>
      )}
      <FormTextField
        control={form.control}
        name="value"
        label={isProduct ? 'Anzahl (Stück)' : 'Betrag in €'}
        inputMode={isProduct ? 'numeric' : 'decimal'}
        autoComplete="off"
        required
        hint={
          once
            ? REDEMPTION_TEXT.onceOnlyNote
            : isProduct
              ? `Höchstens ${voucher.remaining_qty} Stück.`
              : `Mindestens ${formatEuro(REDEMPTION_MIN_VALUE)}, höchstens ${formatEuro(voucher.remaining_value)}.`
        }
        readOnly={once}
        aria-readonly={once || undefined}
        data-testid="redemption-value"
        autoFocus={!once}
      />
      <div className="redemption-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {TEXT.cancel}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="redemption-submit"
          autoFocus={once}
        >
          {busy ? 'Wird eingelöst…' : 'Einlösen'}
        </button>
      </div>
    </form>
  );
}
