import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { checkCouponRequestSchema, ORDER_TEXT } from '@gm/shared/orders/contracts';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { checkCoupon } from '../../../entities/cart/api/cart.ts';
import { usableCoupon, type AppliedCoupon } from '../../../entities/cart/cart-rules.ts';
import './coupon-field.css';

/** What the field shows while the code is being checked (the spec quotes the original's 'Checking...'). */
export const COUPON_CHECKING = 'Wird geprüft…';

/**
 * Optional discount coupon (01 §2, §4, §5): shown upper-case; unapplied → 'Wird geprüft…' → applied or
 * the invalid-coupon message. The apply button is disabled while empty or checking. The field is its own
 * small form over the check-coupon contract (it sits inside the checkout form, so it has no <form> element;
 * Enter and the button submit it).
 */
export function CouponField({
  applied,
  onApplied,
  disabled,
}: {
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  // The server's "does not exist" is the only error this field shows: no re-validation while typing.
  const form = useZodForm(checkCouponRequestSchema, { defaultValues: { coupon: '' }, reValidateMode: 'onSubmit' });
  const { field, fieldState } = useController({ control: form.control, name: 'coupon' });
  const check = useMutation({ mutationFn: (code: string) => checkCoupon(code) });
  const checking = check.isPending;
  const code = field.value.trim();

  const apply = form.handleSubmit(async ({ coupon }) => {
    try {
      const answer = await check.mutateAsync(coupon);
      const usable = usableCoupon(answer.data);
      onApplied(usable);
      if (!usable) form.setError('coupon', { type: 'server', message: ORDER_TEXT.couponInvalid });
    } catch (error) {
      onApplied(null);
      // 404 (unknown, inactive, expired, used up) is the invalid coupon; no answer at all is not the code's fault.
      const unreachable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
      form.setError('coupon', { type: 'server', message: unreachable ? TEXT.genericError : ORDER_TEXT.couponInvalid });
    }
  });

  const error = fieldState.error?.message;
  return (
    <div className={`field coupon-field${error ? ' field--invalid' : ''}`} data-testid="coupon-field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={`${id}-coupon`}>
          Gutscheincode
        </label>
        <span className="field__optional">(optional)</span>
      </div>
      <div className="coupon-field__row">
        <input
          ref={field.ref}
          id={`${id}-coupon`}
          name={field.name}
          className="input coupon-field__input"
          value={field.value}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => {
            field.onChange(e.target.value.toUpperCase());
            form.clearErrors('coupon');
            if (applied) onApplied(null);
          }}
          onBlur={field.onBlur}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (code && !checking) void apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-coupon-status ${id}-coupon-error`}
          disabled={disabled}
          data-testid="coupon-input"
        />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void apply()}
          disabled={disabled || checking || !code}
          data-testid="coupon-apply"
        >
          {checking ? COUPON_CHECKING : 'Einlösen'}
        </button>
      </div>
      <p
        id={`${id}-coupon-status`}
        className="field__hint coupon-field__status"
        aria-live="polite"
        data-testid="coupon-status"
      >
        {checking ? (
          COUPON_CHECKING
        ) : applied ? (
          <>
            <CheckCircleIcon size={16} /> Gutschein {applied.id} angewendet
          </>
        ) : null}
      </p>
      <FieldError id={`${id}-coupon-error`} error={error} />
    </div>
  );
}
