import { useState, type FormEvent } from 'react';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_MIN_VALUE, REDEMPTION_TEXT, type ScannedVoucher } from '@gm/shared/redemption/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { checkAmount, initialAmountText, type RedemptionAmount } from '../redemption-amount.ts';
import './redemption-form.css';
import './scanner-card.css';

export type { RedemptionAmount };

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
  const [text, setText] = useState(() => initialAmountText(voucher));
  const [error, setError] = useState<string | undefined>();
  const isProduct = voucher.type === 'quantity';

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkAmount(voucher, text);
    setError(checked.error);
    if (checked.amount) onSubmit(checked.amount);
  }

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
      <TextField
        name="value"
        label={isProduct ? 'Anzahl (Stück)' : 'Betrag in €'}
        inputMode={isProduct ? 'numeric' : 'decimal'}
        autoComplete="off"
        required
        value={text}
        onValueChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        error={error}
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
