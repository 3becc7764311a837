import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { BANK_COUNTRIES, ORDER_TEXT, paymentRequestSchema, type OrderLine } from '@gm/shared/orders/contracts';
import { applyCoupon } from '@gm/shared/orders/pricing';
import { formatEuro } from '@gm/shared/money/money';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { FieldError, FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormCheckboxField, FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { cartItemCount, cartTotal, type AppliedCoupon } from '../../../entities/cart/cart-rules.ts';
import { useAuth } from '../../../lib/auth.ts';
import { usePay } from '../../../entities/order/api/payment.ts';
import { useSavedCard } from '../api/saved-card.ts';
import { createAttemptTracker, endsAttempt } from '../checkout-attempt.ts';
import { usePaymentCompletion } from '../use-payment-completion.ts';
import { CardInput, type CardInputHandle } from './card-input.tsx';
import { CouponField } from './coupon-field.tsx';
import { SavedCardChoice } from './saved-card-choice.tsx';
import './checkout-form.css';

/** The form's fields are the payment contract's own (guest data only for guests); labels in form order. */
const GUEST_LABELS = { 'guest.email': 'E-Mail', 'guest.first_name': 'Vorname', 'guest.last_name': 'Nachname' };
const LABELS = { ...GUEST_LABELS, payment_type: 'Zahlungsart', country: 'Land' };
/** Server 422s on these go next to the field; card, coupon and cart refusals are handled in `showPaymentError`. */
const FIELD_ERRORS = new Set(Object.keys(LABELS));

/**
 * Checkout (01 §2 "Checkout /payment", §4, §5): guest data (guests), payment type (card by default;
 * bank transfer for buyers only, with its country), card entry with save-card, coupon, total with the
 * item count and 'Zur Kasse'. Redirect payments leave for the provider's page; card payments wait
 * here until the orders are completed. The fields live in react-hook-form over `paymentRequestSchema`.
 */
export function CheckoutForm({ lines, guest }: { lines: readonly OrderLine[]; guest: boolean }) {
  const dialog = useDialog();
  const auth = useAuth();
  const card = useRef<CardInputHandle>(null);
  // Buyers with a saved card pay with it directly (01 §4) unless they choose 'Neue Karte'.
  const saved = useSavedCard({ enabled: !guest && auth.isAuth }).data?.data.card ?? null;
  const [newCard, setNewCard] = useState(false);
  const useSaved = Boolean(saved) && !newCard;
  const { confirm, confirming } = usePaymentCompletion();
  const payment = usePay();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [cardError, setCardError] = useState<string | undefined>();
  // One Idempotency-Key per checkout attempt; `inFlight` stops a second submit before React re-renders.
  const attempts = useRef(createAttemptTracker());
  const inFlight = useRef(false);
  const [cardRevision, setCardRevision] = useState(0);

  const form = useZodForm(paymentRequestSchema, {
    defaultValues: {
      payment_type: 'card',
      country: 'AT',
      is_save: false,
      ...(guest ? { guest: { email: '', first_name: '', last_name: '' } } : {}),
    },
  });
  const [type, country, buyer] = useWatch({ control: form.control, name: ['payment_type', 'country', 'guest'] });

  const subtotal = cartTotal(lines);
  const { discount, total } = applyCoupon(subtotal, coupon?.terms);
  const count = cartItemCount(lines);
  // 01 §5: the guest button waits until at least one of e-mail, first and last name is filled in.
  const guestEmpty = guest && !buyer?.email.trim() && !buyer?.first_name.trim() && !buyer?.last_name.trim();
  // A coupon that covers everything: nothing to charge, the server completes the order without a card.
  const free = lines.length > 0 && total === 0;

  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (data) => {
      try {
        await startPayment(data);
      } catch (error) {
        if (endsAttempt(error)) attempts.current.finish();
        if (!onFields(error)) await showPaymentError(error);
        // The field errors (guest data, country) go to the fields through useFormSubmit.
        else throw error;
      }
    },
  });
  const busy = submitting || confirming;

  async function startPayment(data: z.output<typeof paymentRequestSchema>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setCardError(undefined);
    try {
      const { payment_type, country, is_save } = data;
      const attempt = attempts.current.begin(
        JSON.stringify({
          lines,
          total,
          coupon: coupon?.id ?? null,
          type: payment_type,
          country,
          save: is_save,
          guestData: data.guest,
          cardRevision,
          savedCard: useSaved ? saved?.id : null,
        }),
      );
      const isCard = payment_type === 'card' && !free;
      let paymentMethod: string | null = null;
      if (isCard && !useSaved) {
        paymentMethod = attempt.paymentMethod;
        if (!paymentMethod) {
          const created = await card.current?.createPaymentMethod();
          if (!created || 'error' in created) return setCardError(created?.error ?? TEXT.genericError);
          paymentMethod = created.id;
          attempts.current.usePaymentMethod(paymentMethod);
        }
      }
      const answer = await payment.mutateAsync({
        request: {
          payment_type,
          payment_method: paymentMethod,
          saved_card: isCard && useSaved ? (saved?.id ?? null) : null,
          is_save: isCard && !guest && !useSaved ? Boolean(is_save) : false,
          country: payment_type === 'bank' ? country : null,
          coupon: coupon?.id ?? null,
          return_url: new URL(paths.cart, window.location.origin).href,
          ...(guest && data.guest ? { guest: data.guest } : {}),
        },
        idempotencyKey: attempt.key,
      });
      attempts.current.finish();
      const started = answer.data;
      // 3-D Secure or the bank's page: the provider brings the browser back to /cart?payment=<id>.
      if (started.url) return window.location.assign(started.url);
      const outcome = await confirm(started.payment_id, started.completed);
      if (outcome !== 'completed')
        setCardError(
          outcome === 'failed'
            ? 'Die Zahlung wurde abgelehnt.'
            : 'Die Zahlung konnte noch nicht bestätigt werden. Bitte prüfe später deine Bestellungen.',
        );
    } finally {
      inFlight.current = false;
    }
  }

  /** A 422 with messages for the guest data or the country: useFormSubmit puts them on those fields. */
  function onFields(error: unknown): boolean {
    if (!(error instanceof ApiError) || !error.isValidation) return false;
    return Object.keys(error.fieldErrors).some((field) => FIELD_ERRORS.has(field));
  }

  /**
   * The other refusals of the payment: a declined card carries its German text on `card` (01 §8
   * "Card errors"; shared card-errors.ts), shown under the card field; coupon, cart and sales-paused
   * messages are shown as a warning. Anything else is the generic warning.
   */
  async function showPaymentError(error: unknown) {
    // 409: the same attempt is still being processed (docs/decisions/payments.md "The web keeps one key per checkout attempt").
    if (error instanceof ApiError && error.status === 409) return dialog.warning(error.message);
    if (!(error instanceof ApiError) || (error.status !== 402 && !error.isValidation)) {
      if (!(error instanceof ApiError)) console.error(error);
      const paused = error instanceof ApiError && error.message === ORDER_TEXT.salesPaused;
      return dialog.warning(paused ? ORDER_TEXT.salesPaused : TEXT.genericError);
    }
    const onCard = error.fieldError('card') ?? error.fieldError('payment_method') ?? error.fieldError('saved_card');
    if (onCard) return setCardError(onCard);
    if (error.fieldError('coupon')) setCoupon(null);
    return dialog.warning(error.fieldError('coupon') ?? error.fieldError('cart') ?? error.message);
  }

  return (
    <form className="checkout" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="checkout-form">
      <div className="checkout__main">
        <FormMessage message={message} />
        <FormErrorSummary fields={summary} />
        {guest && (
          <section className="card checkout__section" aria-labelledby="checkout-buyer">
            <h2 id="checkout-buyer" className="checkout__subtitle">
              Deine Daten
            </h2>
            <FormTextField
              control={form.control}
              name="guest.email"
              label={GUEST_LABELS['guest.email']}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <FormTextField
              control={form.control}
              name="guest.first_name"
              label={GUEST_LABELS['guest.first_name']}
              autoComplete="given-name"
              required
            />
            <FormTextField
              control={form.control}
              name="guest.last_name"
              label={GUEST_LABELS['guest.last_name']}
              autoComplete="family-name"
              required
            />
            <div className="notice notice--info">
              <InfoIcon size={20} />
              <p>
                Gutscheine können nur mit einem Konto personalisiert werden.{' '}
                <Link to={paths.registerBuyer} data-testid="open-account-link">
                  Account eröffnen
                </Link>
              </p>
            </div>
          </section>
        )}

        <section className="card checkout__section" aria-labelledby="checkout-method">
          <h2 id="checkout-method" className="checkout__subtitle">
            Zahlungsart
          </h2>
          <div
            className="checkout__types"
            role="radiogroup"
            aria-labelledby="checkout-method"
            aria-describedby="checkout-method-error"
          >
            <label className={`choice${type === 'card' ? ' is-selected' : ''}`}>
              <input
                type="radio"
                value="card"
                {...form.register('payment_type')}
                id="field-payment_type"
                data-testid="payment-type-card"
              />
              <span>Kreditkarte</span>
            </label>
            {!guest && (
              <label className={`choice${type === 'bank' ? ' is-selected' : ''}`}>
                <input type="radio" value="bank" {...form.register('payment_type')} data-testid="payment-type-bank" />
                <span>Banküberweisung</span>
              </label>
            )}
          </div>
          <FieldError id="checkout-method-error" error={form.formState.errors.payment_type?.message} />
          {type === 'card' && free && (
            <p className="notice notice--info" data-testid="free-order-note">
              <InfoIcon size={20} />
              <span>Dein Gutscheincode deckt den ganzen Betrag – es ist keine Kartenzahlung nötig.</span>
            </p>
          )}
          {type === 'card' && !free && useSaved && saved && (
            <SavedCardChoice card={saved} error={cardError} disabled={busy} onNewCard={() => setNewCard(true)} />
          )}
          {type === 'card' && !free && !useSaved && (
            <>
              <CardInput
                ref={card}
                error={cardError}
                disabled={busy}
                amount={total}
                onCardChange={() => setCardRevision((n) => n + 1)}
              />
              {saved && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setNewCard(false)}
                  data-testid="use-saved-card"
                >
                  Gespeicherte Karte verwenden
                </button>
              )}
              {!guest && (
                <FormCheckboxField control={form.control} name="is_save">
                  Karte für künftige Zahlungen speichern
                </FormCheckboxField>
              )}
            </>
          )}
          {type === 'bank' && (
            <>
              <FormSelectField
                control={form.control}
                name="country"
                label={LABELS.country}
                options={BANK_COUNTRIES.map((c) => ({ value: c.code, label: c.label }))}
                hint={`Du wirst zur Zahlung mit ${BANK_COUNTRIES.find((c) => c.code === country)?.method ?? 'deiner Bank'} weitergeleitet.`}
                required
              />
              {cardError && <p className="field__error">{cardError}</p>}
            </>
          )}
        </section>
      </div>

      <aside className="card checkout__summary" aria-label="Bestellübersicht">
        <CouponField applied={coupon} onApplied={setCoupon} disabled={busy} />
        <dl className="checkout__totals">
          <div>
            <dt>{count === 1 ? '1 Gutschein' : `${count} Gutscheine`}</dt>
            <dd>{formatEuro(subtotal)}</dd>
          </div>
          {coupon && discount > 0 && (
            <div className="checkout__discount" data-testid="coupon-discount">
              <dt>Rabatt ({coupon.id})</dt>
              <dd>−{formatEuro(discount)}</dd>
            </div>
          )}
          <div className="checkout__total">
            <dt>Gesamt</dt>
            <dd data-testid="checkout-total">{formatEuro(total)}</dd>
          </div>
        </dl>
        <p className="cart-summary__vat">inkl. MwSt.</p>
        <button
          type="submit"
          className="button button--accent button--block"
          disabled={lines.length === 0 || guestEmpty || busy}
          data-testid="checkout-submit"
        >
          Zur Kasse
        </button>
      </aside>
      <LoadingOverlay show={submitting && !confirming} label="Zahlung wird vorbereitet…" />
      <LoadingOverlay show={confirming} label="Zahlung wird bestätigt…" />
    </form>
  );
}
