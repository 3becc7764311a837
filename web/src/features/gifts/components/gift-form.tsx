import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { TEXT } from '@gm/shared/validation/messages';
import {
  GIFT_TEXT,
  GIFT_TYPES,
  VOUCHER_USAGES,
  type GiftOrderAnswer,
  type GiftType,
  type GiftVoucherAnswer,
} from '@gm/shared/wallet/gift';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerError, useZodForm } from '../../../lib/use-zod-form.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import { FormCheckboxField, FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useGiveGift } from '../api/gifts.ts';
import { emptyGiftForm, giftFormSchema, isGiftTypeDisabled, toggleGiftType } from '../gift-rules.ts';
import { UserPicker } from './user-picker.tsx';
import './gift-form.css';

/** The fields a server 422 may name (the contract's names). */
const SERVER_FIELDS = ['giftType', 'email', 'user_id', 'expirationDate'];

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
  const give = useGiveGift();
  const busy = give.isPending;
  const [attemptKey] = useState(() => crypto.randomUUID());
  // "Today" is the Vienna calendar day, like the server's check of the date (01 §5).
  const [today] = useState(() => viennaDay(new Date()));
  const schema = useMemo(
    () => giftFormSchema({ orderId: order.id, qty: order.qty, validUntil: data.valid_until, today }),
    [order.id, order.qty, data.valid_until, today],
  );
  const form = useZodForm(schema, { defaultValues: emptyGiftForm() });
  const types = form.watch('giftType');
  const typeError = form.formState.errors.giftType?.message;

  const onSubmit = form.handleSubmit(
    async (request) => {
      const confirmed = await dialog.confirm(GIFT_TEXT.confirmText, {
        title: GIFT_TEXT.confirmTitle,
        confirmLabel: GIFT_TEXT.submit,
      });
      if (!confirmed) return;
      try {
        const answer = await give.mutateAsync({ request, idempotencyKey: attemptKey });
        onDone(answer, request.giftType);
      } catch (error) {
        if (error instanceof ApiError && error.isValidation) {
          const message = applyServerError(error, form.setError, SERVER_FIELDS);
          if (message) await dialog.warning(message, { title: TEXT.warning });
          return;
        }
        await dialog.warning(
          error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : TEXT.genericError,
          { title: TEXT.warning },
        );
      }
    },
    async (errors) => {
      // No type chosen: the spec's warning dialog (the other fields show their messages).
      if (errors.giftType) await dialog.warning(GIFT_TEXT.chooseType);
    },
  );

  return (
    <form className="form gift-form card" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="gift-form">
      <fieldset className="form__fieldset gift-form__types" aria-describedby={`${id}-types-error`}>
        <legend className="field__label">{GIFT_TEXT.typeLegend}</legend>
        <p className="field__hint">{GIFT_TEXT.intro}</p>
        <Controller
          control={form.control}
          name="giftType"
          render={({ field }) => (
            <div className="gift-form__type-list">
              {GIFT_TYPES.map((type) => {
                const disabled = isGiftTypeDisabled(field.value, type);
                const on = field.value.includes(type);
                return (
                  <label
                    key={type}
                    className={`gift-type${on ? ' gift-type--on' : ''}${disabled ? ' gift-type--disabled' : ''}`}
                    data-testid={`gift-type-${type}`}
                  >
                    <input
                      type="checkbox"
                      className="checkbox__input"
                      checked={on}
                      disabled={disabled || busy}
                      onChange={(e) => field.onChange(toggleGiftType(field.value, type, e.target.checked))}
                      onBlur={field.onBlur}
                    />
                    <span className="gift-type__text">
                      <strong>{GIFT_TEXT.typeLabels[type]}</strong>
                      <span>{GIFT_TEXT.typeHints[type]}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        />
        <FieldError id={`${id}-types-error`} error={typeError} />
      </fieldset>

      {types.includes('email') && (
        <FormTextField
          control={form.control}
          name="email"
          label={GIFT_TEXT.emailLabel}
          type="email"
          required
          autoComplete="email"
          data-testid="gift-email"
        />
      )}
      {types.includes('wallet') && (
        <Controller
          control={form.control}
          name="user_id"
          render={({ field, fieldState }) => (
            <UserPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={busy}
              error={fieldState.error?.message}
            />
          )}
        />
      )}

      <div className="form__row gift-form__options">
        <Controller
          control={form.control}
          name="expirationDate"
          render={({ field, fieldState }) => (
            <div className={`field${fieldState.error ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={`${id}-until`}>
                {GIFT_TEXT.expirationDate}
              </label>
              <input
                ref={field.ref}
                id={`${id}-until`}
                type="date"
                className="input"
                min={today}
                max={data.valid_until}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                aria-describedby={`${id}-until-hint ${id}-until-error`}
                aria-invalid={fieldState.error ? true : undefined}
                data-testid="gift-expiration"
              />
              <p id={`${id}-until-hint`} className="field__hint">
                {GIFT_TEXT.expirationHint} ({formatDate(`${data.valid_until}T12:00:00Z`)})
              </p>
              <FieldError id={`${id}-until-error`} error={fieldState.error?.message} />
            </div>
          )}
        />
        <FormSelectField
          control={form.control}
          name="voucherUsage"
          label={GIFT_TEXT.voucherUsage}
          options={VOUCHER_USAGES.map((u) => ({ value: u, label: GIFT_TEXT.usageLabels[u] }))}
        />
      </div>

      <FormCheckboxField control={form.control} name="priceHidden">
        {GIFT_TEXT.priceHidden}
      </FormCheckboxField>
      {order.qty > 1 && (
        <FormCheckboxField control={form.control} name="isBulk">
          {GIFT_TEXT.bulk} ({order.qty} Stück)
        </FormCheckboxField>
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
