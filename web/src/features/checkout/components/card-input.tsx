import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { FieldError } from '../../../components/ui/form-fields.tsx';
import type { PaymentMethodResult } from '../local-card.ts';
import { stripeJsErrorText } from '../stripe-js-error.ts';
import { LocalCardInput } from './local-card-input.tsx';
import './card-input.css';

/** What the checkout asks of the card entry, whichever implementation is behind it. */
export type CardInputHandle = { createPaymentMethod: () => Promise<PaymentMethodResult> };

/**
 * 'live' uses Stripe's Payment Element (Stripe.js, loaded when the card entry opens); anything else the
 * local test-card form. Vite replaces the variable at build time, so a live build drops the local form
 * (local-card-input.tsx) as dead code. A production build must be live (shared/src/web/build-settings.ts);
 * infra/test/web-build.test.ts checks its bundle.
 */
const LIVE = import.meta.env.VITE_STRIPE_MODE === 'live';
/** Required in a live build; the local form falls back to the stand-in's key. */
const PUBLISHABLE_KEY = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || undefined;

export type CardInputProps = {
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
export function CardInput(props: CardInputProps) {
  return LIVE ? <LiveCardInput {...props} /> : <LocalCardInput {...props} publishableKey={PUBLISHABLE_KEY} />;
}

/** Stripe's smallest charge: the Payment Element needs an amount ≥ 50 ct even while a coupon makes it less. */
const MIN_ELEMENT_AMOUNT = 50;

/**
 * Live mode: Stripe's Payment Element (cards only) in deferred-intent mode. Stripe.js is imported and
 * loaded only when the card entry mounts, so no other page carries it. `createPaymentMethod` turns the
 * entry into a PaymentMethod id, which the checkout hands to `order/payment` like the local form's:
 * one server path (pricing, saving the card, 3-D Secure by redirect) for both modes.
 */
function LiveCardInput({ ref, error, disabled, onCardChange, amount, purpose = 'payment' }: CardInputProps) {
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
      .then(({ loadStripe }) => loadStripe(PUBLISHABLE_KEY ?? '', { locale: 'de' }))
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
