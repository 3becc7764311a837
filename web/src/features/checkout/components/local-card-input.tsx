import { useId, useImperativeHandle, useState } from 'react';
import { TEST_CARDS } from '@gm/shared/payments/test-cards';
import { FieldError, FieldFrame, fieldId } from '../../../components/ui/form-fields.tsx';
import {
  cardErrors,
  createLocalPaymentMethod,
  formatCardNumber,
  formatExpiry,
  type CardDraft,
  type CardErrors,
} from '../local-card.ts';
import type { CardInputProps } from './card-input.tsx';

/** The Stripe stand-in's publishable key (scripts/dev/stripe-stand-in.ts), unless VITE_STRIPE_PUBLISHABLE_KEY says otherwise. */
const STAND_IN_PUBLISHABLE_KEY = 'pk_test_local';

/**
 * Local mode: number, MM/YY and CVC, turned into a PaymentMethod at the Stripe stand-in. Exists only in
 * development and local builds: a production build is live, and card-input.tsx drops this module there.
 */
export function LocalCardInput({
  ref,
  error,
  disabled,
  onCardChange,
  publishableKey,
}: CardInputProps & { publishableKey: string | undefined }) {
  const id = useId();
  const [card, setCard] = useState<CardDraft>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const found = cardErrors(card);
        setErrors(found);
        if (Object.keys(found).length > 0) return { error: Object.values(found)[0]! };
        return createLocalPaymentMethod(card, {
          fetch: (input, init) => fetch(input, init),
          publishableKey: publishableKey ?? STAND_IN_PUBLISHABLE_KEY,
        });
      },
    }),
    [card, publishableKey],
  );

  const change = (field: keyof CardDraft, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    onCardChange?.();
  };

  return (
    <fieldset className="card-input" disabled={disabled} data-testid="card-input">
      <legend className="field__label">Kartendaten</legend>
      <CardField
        name={`${id}-number`}
        label="Kartennummer"
        error={errors.number}
        describedBy={`${id}-provider-error`}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onValueChange={(v) => change('number', formatCardNumber(v))}
        testId="card-number"
      />
      <div className="card-input__row">
        <CardField
          name={`${id}-expiry`}
          label="Ablaufdatum"
          error={errors.expiry}
          autoComplete="cc-exp"
          placeholder="MM/JJ"
          value={card.expiry}
          onValueChange={(v) => change('expiry', formatExpiry(v))}
          testId="card-expiry"
        />
        <CardField
          name={`${id}-cvc`}
          label="Prüfnummer"
          error={errors.cvc}
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={card.cvc}
          onValueChange={(v) => change('cvc', v.replace(/\D/g, ''))}
          testId="card-cvc"
        />
      </div>
      <FieldError id={`${id}-provider-error`} error={error} />
      <details className="card-input__hint">
        <summary>Testkarten (lokale Testumgebung)</summary>
        <p>Ablaufdatum in der Zukunft, beliebige dreistellige Prüfnummer.</p>
        <ul>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <code>{formatCardNumber(c.number)}</code> {c.label}
            </li>
          ))}
        </ul>
      </details>
    </fieldset>
  );
}

type CardFieldProps = {
  name: string;
  label: string;
  error: string | undefined;
  /** Further ids for aria-describedby after the field's own error line. */
  describedBy?: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  onValueChange: (value: string) => void;
  testId: string;
};

/** One numeric input of the local card form: label, input and its error line (FieldFrame). */
function CardField({
  name,
  label,
  error,
  describedBy,
  autoComplete,
  placeholder,
  maxLength,
  value,
  onValueChange,
  testId,
}: CardFieldProps) {
  const errorId = `${name}-error`;
  return (
    <FieldFrame name={name} label={label} error={error} errorId={errorId}>
      <input
        id={fieldId(name)}
        className="input"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy ? `${errorId} ${describedBy}` : errorId}
        data-testid={testId}
      />
    </FieldFrame>
  );
}
