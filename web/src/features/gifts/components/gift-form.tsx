import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '@gm/shared/dates/format';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import {
  GIFT_TEXT,
  GIFT_TYPES,
  VOUCHER_USAGES,
  type GiftOrderAnswer,
  type GiftType,
  type GiftVoucherAnswer,
  type UserFilterEntry,
  type VoucherUsage,
} from '@gm/shared/wallet/gift';
import { ApiError } from '../../../lib/api-client.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CheckboxField, FieldError, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { giveGift } from '../api/gifts.ts';
import { UserPicker } from './user-picker.tsx';
import './gift-form.css';

type Errors = Partial<Record<'giftType' | 'email' | 'user_id' | 'expirationDate' | '_', string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Wallet excludes e-mail and PDF, and e-mail or PDF exclude wallet (01 §4 "Gift types"). */
export function toggleGiftType(chosen: readonly GiftType[], type: GiftType, on: boolean): GiftType[] {
  if (!on) return chosen.filter((t) => t !== type);
  if (type === 'wallet') return ['wallet'];
  return [...chosen.filter((t) => t !== 'wallet' && t !== type), type];
}

export function isGiftTypeDisabled(chosen: readonly GiftType[], type: GiftType): boolean {
  return type === 'wallet' ? chosen.some((t) => t !== 'wallet') : chosen.includes('wallet');
}

/**
 * The gift form of /vouchers-gift/{orderId} (01 §2 "Gift cart", §3 "Gift form", §5): gift types,
 * the address or the buyer, 'Preis verstecken', validity, redemption mode and (qty > 1) bulk.
 * 'Bestellung abgeben' checks a type is chosen, asks for confirmation, then gives once (its
 * Idempotency-Key stays the same for every retry of this form).
 */
export function GiftForm({
  data,
  onDone,
}: {
  data: GiftOrderAnswer;
  onDone: (answer: GiftVoucherAnswer, types: GiftType[]) => void;
}) {
  const id = useId();
  const dialog = useDialog();
  const order = data.order;
  const [types, setTypes] = useState<GiftType[]>([]);
  const [email, setEmail] = useState('');
  const [user, setUser] = useState<UserFilterEntry | null>(null);
  const [priceHidden, setPriceHidden] = useState(false);
  const [expirationDate, setExpirationDate] = useState('');
  const [usage, setUsage] = useState<VoucherUsage>('multiple');
  const [bulk, setBulk] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [attemptKey] = useState(() => crypto.randomUUID());
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

  function check(): Errors {
    const found: Errors = {};
    if (types.length === 0) found.giftType = GIFT_TEXT.chooseType;
    if (types.includes('email')) {
      if (!email.trim()) found.email = MSG.required;
      else if (!EMAIL_PATTERN.test(email.trim())) found.email = MSG.email;
    }
    if (types.includes('wallet') && !user) found.user_id = MSG.required;
    if (expirationDate && (expirationDate < today || expirationDate > data.valid_until))
      found.expirationDate = MSG.invalidDate;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (found.giftType) {
      await dialog.warning(GIFT_TEXT.chooseType);
      return;
    }
    if (Object.keys(found).length > 0) return;
    if (
      !(await dialog.confirm(GIFT_TEXT.confirmText, { title: GIFT_TEXT.confirmTitle, confirmLabel: GIFT_TEXT.submit }))
    )
      return;
    setBusy(true);
    try {
      const answer = await giveGift(
        {
          order_id: order.id,
          giftType: types,
          user_id: types.includes('wallet') ? (user?.id ?? null) : null,
          email: types.includes('email') ? email.trim() : null,
          priceHidden,
          expirationDate: expirationDate || null,
          voucherUsage: usage,
          isBulk: order.qty > 1 && bulk,
        },
        attemptKey,
      );
      setBusy(false);
      onDone(answer, types);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.isValidation) {
        const next: Errors = {};
        for (const field of ['giftType', 'email', 'user_id', 'expirationDate'] as const) {
          const message = error.fieldError(field);
          if (message) next[field] = message;
        }
        setErrors(next);
        if (Object.keys(next).length === 0) await dialog.warning(error.message, { title: TEXT.warning });
        return;
      }
      await dialog.warning(
        error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : TEXT.genericError,
        { title: TEXT.warning },
      );
    }
  }

  return (
    <form className="form gift-form card" onSubmit={(e) => void submit(e)} noValidate data-testid="gift-form">
      <fieldset className="form__fieldset gift-form__types" aria-describedby={`${id}-types-error`}>
        <legend className="field__label">{GIFT_TEXT.typeLegend}</legend>
        <p className="field__hint">{GIFT_TEXT.intro}</p>
        <div className="gift-form__type-list">
          {GIFT_TYPES.map((type) => {
            const disabled = isGiftTypeDisabled(types, type);
            return (
              <label
                key={type}
                className={`gift-type${types.includes(type) ? ' gift-type--on' : ''}${disabled ? ' gift-type--disabled' : ''}`}
                data-testid={`gift-type-${type}`}
              >
                <input
                  type="checkbox"
                  className="checkbox__input"
                  checked={types.includes(type)}
                  disabled={disabled || busy}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setTypes((t) => toggleGiftType(t, type, on));
                    setErrors((x) => ({ ...x, giftType: undefined }));
                  }}
                />
                <span className="gift-type__text">
                  <strong>{GIFT_TEXT.typeLabels[type]}</strong>
                  <span>{GIFT_TEXT.typeHints[type]}</span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldError id={`${id}-types-error`} error={errors.giftType} />
      </fieldset>

      {types.includes('email') && (
        <TextField
          name="gift-email"
          label={GIFT_TEXT.emailLabel}
          type="email"
          required
          value={email}
          onValueChange={setEmail}
          error={errors.email}
          autoComplete="email"
          data-testid="gift-email"
        />
      )}
      {types.includes('wallet') && (
        <UserPicker value={user} onChange={setUser} disabled={busy} error={errors.user_id} />
      )}

      <div className="form__row gift-form__options">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-until`}>
            {GIFT_TEXT.expirationDate}
          </label>
          <input
            id={`${id}-until`}
            type="date"
            className="input"
            min={today}
            max={data.valid_until}
            value={expirationDate}
            onChange={(e) => setExpirationDate(e.target.value)}
            aria-describedby={`${id}-until-hint ${id}-until-error`}
            aria-invalid={errors.expirationDate ? true : undefined}
            data-testid="gift-expiration"
          />
          <p id={`${id}-until-hint`} className="field__hint">
            {GIFT_TEXT.expirationHint} ({formatDate(`${data.valid_until}T12:00:00Z`)})
          </p>
          <FieldError id={`${id}-until-error`} error={errors.expirationDate} />
        </div>
        <SelectField
          name="gift-usage"
          label={GIFT_TEXT.voucherUsage}
          value={usage}
          onValueChange={(v) => setUsage(v as VoucherUsage)}
          options={VOUCHER_USAGES.map((u) => ({ value: u, label: GIFT_TEXT.usageLabels[u] }))}
        />
      </div>

      <CheckboxField name="gift-price-hidden" checked={priceHidden} onCheckedChange={setPriceHidden}>
        {GIFT_TEXT.priceHidden}
      </CheckboxField>
      {order.qty > 1 && (
        <CheckboxField name="gift-bulk" checked={bulk} onCheckedChange={setBulk}>
          {GIFT_TEXT.bulk} ({order.qty} Stück)
        </CheckboxField>
      )}

      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="gift-submit">
          {GIFT_TEXT.submit}
        </button>
      </div>
      <LoadingOverlay show={busy} label="Wird verarbeitet…" />
    </form>
  );
}
