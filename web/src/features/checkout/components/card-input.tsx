import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { TEST_CARDS } from '@gm/shared/payments/test-cards';
import { FieldError, FieldFrame, fieldId } from '../../../components/ui/form-fields.tsx';
import {
  cardErrors,
  createLocalPaymentMethod,
  formatCardNumber,
  formatExpiry,
  type CardDraft,
  type CardErrors,
  type PaymentMethodResult,
} from '../local-card.ts';
import { stripeJsErrorText } from '../stripe-js-error.ts';
import './card-input.css';

/** What the checkout asks of the card entry, whichever implementation is behind it. */
export type CardInputHandle = { createPaymentMethod: () => Promise<PaymentMethodResult> };

/** 'live' uses Stripe's Payment Element (Stripe.js, loaded when the card entry opens); anything else the local test-card form. */
const STRIPE_MODE = import.meta.env.VITE_STRIPE_MODE === 'live' ? 'live' : 'local';
const PUBLISHABLE_KEY = (import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined) || 'pk_test_local';

type Props = {
  ref: Ref<CardInputHandle>;
  /** A declined card's text (German, shared card-errors.ts), shown under the card field (01 §8 "Card errors"). */
  error?: string | undefined;
  disabled?: boolean;
  /** Called when the card entry changes (a new checkout attempt: checkout-attempt.ts). */
  onCardChange?: () => void;
  /** The amount to pay, in cents (the Payment Element shows the wallets' sheets with it). */
  amount?: number;
  /** `setup`: only save the card (/profile-payment), no payment. */
  purpose?: 'payment' | 'setup';
};

/** The card entry of the checkout (01 §2 "Checkout"). */
export function CardInput(props: Props) {
  if (STRIPE_MODE === 'live') return <LiveCardInput {...props} />;
  return <LocalCardInput {...props} />;
}

/** Stripe's smallest charge: the Payment Element needs an amount ≥ 50 ct even while a coupon makes it less. */
const MIN_ELEMENT_AMOUNT = 50;

/**
 * Live mode: Stripe's Payment Element (cards only) in deferred-intent mode. Stripe.js is imported and
 * loaded only when the card entry mounts, so no other page carries it. `createPaymentMethod` turns the
 * entry into a PaymentMethod id, which the checkout hands to `order/payment` like the local form's:
 * one server path (pricing, saving the card, 3-D Secure by redirect) for both modes.
 */
function LiveCardInput({ ref, error, disabled, onCardChange, amount, purpose = 'payment' }: Props) {
  const id = useId();
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const changed = useRef(onCardChange);
  changed.current = onCardChange;
  const initial = useRef({ amount: Math.max(MIN_ELEMENT_AMOUNT, amount ?? 0), purpose });

  useEffect(() => {
    let cancelled = false;
    let element: { destroy(): void } | undefined;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(PUBLISHABLE_KEY, { locale: 'de' }))
      .then((loaded) => {
        if (cancelled || !mount.current) return;
        if (!loaded) return setState('failed');
        const common = {
          currency: 'eur',
          paymentMethodCreation: 'manual' as const,
          allowedPaymentMethodTypes: ['card'],
        };
        const elements =
          initial.current.purpose === 'setup'
            ? loaded.elements({ mode: 'setup', ...common })
            : loaded.elements({ mode: 'payment', amount: initial.current.amount, ...common });
        const payment = elements.create('payment', { layout: 'tabs' });
        payment.on('change', () => changed.current?.());
        payment.on('ready', () => setState('ready'));
        payment.mount(mount.current);
        element = payment;
        stripe.current = { stripe: loaded, elements };
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      element?.destroy();
      stripe.current = null;
    };
  }, []);

  useEffect(() => {
    if (purpose === 'payment') stripe.current?.elements.update({ amount: Math.max(MIN_ELEMENT_AMOUNT, amount ?? 0) });
  }, [amount, purpose]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const live = stripe.current;
        if (!live) return { error: 'Die Kartenzahlung wird noch geladen. Bitte versuche es gleich noch einmal.' };
        const submitted = await live.elements.submit();
        if (submitted.error) return { error: stripeJsErrorText(submitted.error, 'Bitte prüfe deine Kartendaten.') };
        const created = await live.stripe.createPaymentMethod({ elements: live.elements });
        if (created.error) return { error: stripeJsErrorText(created.error, 'Die Karte konnte nicht geprüft werden.') };
        return { id: created.paymentMethod.id };
      },
    }),
    [],
  );

  return (
    <fieldset
      className="card-input"
      disabled={disabled}
      data-testid="card-input"
      aria-describedby={`${id}-provider-error`}
    >
      <legend className="field__label">Kartendaten</legend>
      {state === 'failed' ? (
        <p className="notice notice--error" role="alert">
          Kartenzahlung ist gerade nicht verfügbar.
        </p>
      ) : (
        <div ref={mount} className="card-input__element" aria-busy={state === 'loading'} />
      )}
      <FieldError id={`${id}-provider-error`} error={error} />
    </fieldset>
  );
}

/** Local mode: number, MM/YY and CVC, turned into a PaymentMethod at the Stripe stand-in. */
function LocalCardInput({ ref, error, disabled, onCardChange }: Props) {
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
          publishableKey: PUBLISHABLE_KEY,
        });
      },
    }),
    [card],
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
