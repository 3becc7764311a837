import { useId, useState } from 'react';
import { ORDER_TEXT } from '@gm/shared/orders/contracts';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { checkCoupon } from '../../../entities/cart/api/cart.ts';
import { usableCoupon, type AppliedCoupon } from '../../../entities/cart/cart-rules.ts';
import './coupon-field.css';

/**
 * Optional discount coupon (01 §2, §4, §5): shown upper-case; unapplied → 'Checking...' → applied or
 * 'This coupon does not exist'. The apply button is disabled while empty or checking.
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
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function apply() {
    const value = code.trim().toUpperCase();
    if (!value) return;
    setChecking(true);
    setInvalid(false);
    try {
      const answer = await checkCoupon(value);
      const coupon = usableCoupon(answer.data);
      onApplied(coupon);
      setInvalid(!coupon);
    } catch {
      onApplied(null);
      setInvalid(true);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className={`field coupon-field${invalid ? ' field--invalid' : ''}`} data-testid="coupon-field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={`${id}-coupon`}>
          Gutscheincode
        </label>
        <span className="field__optional">(optional)</span>
      </div>
      <div className="coupon-field__row">
        <input
          id={`${id}-coupon`}
          className="input coupon-field__input"
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setInvalid(false);
            if (applied) onApplied(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-coupon-status ${id}-coupon-error`}
          disabled={disabled}
          data-testid="coupon-input"
        />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void apply()}
          disabled={disabled || checking || !code.trim()}
          data-testid="coupon-apply"
        >
          {checking ? 'Checking...' : 'Einlösen'}
        </button>
      </div>
      <p
        id={`${id}-coupon-status`}
        className="field__hint coupon-field__status"
        aria-live="polite"
        data-testid="coupon-status"
      >
        {checking ? (
          'Checking...'
        ) : applied ? (
          <>
            <CheckCircleIcon size={16} /> Gutschein {applied.id} angewendet
          </>
        ) : null}
      </p>
      <FieldError id={`${id}-coupon-error`} error={invalid ? ORDER_TEXT.couponInvalid : undefined} />
    </div>
  );
}
