import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BANK_COUNTRIES, guestSchema, ORDER_TEXT, type OrderLine } from '@gm/shared/orders/contracts';
import { applyCoupon } from '@gm/shared/orders/pricing';
import { formatEuro } from '@gm/shared/money/money';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { validateForm, type FormErrors } from '../../../lib/form.ts';
import { paths } from '../../../config/paths.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { cartItemCount, cartTotal, type AppliedCoupon } from '../../../entities/cart/cart-rules.ts';
import { useAuth } from '../../../lib/auth.ts';
import { pay } from '../../../entities/order/api/payment.ts';
import { useSavedCard } from '../api/saved-card.ts';
import { createAttemptTracker, endsAttempt } from '../checkout-attempt.ts';
import { usePaymentCompletion } from '../use-payment-completion.ts';
import { CardInput, type CardInputHandle } from './card-input.tsx';
import { CouponField } from './coupon-field.tsx';
import { SavedCardChoice } from './saved-card-choice.tsx';

type PaymentType = 'card' | 'bank';
type Guest = { email: string; first_name: string; last_name: string };
const GUEST_LABELS: Record<keyof Guest, string> = { email: 'E-Mail', first_name: 'Vorname', last_name: 'Nachname' };

/**
 * Checkout (01 §2 "Checkout /payment", §4, §5): guest data (guests), payment type (card by default;
 * bank transfer for buyers only, with its country), card entry with save-card, coupon, total with the
 * item count and 'Zur Kasse'. Redirect payments leave for the provider's page; card payments wait
 * here until the orders are completed.
 */
export function CheckoutForm({ lines, guest }: { lines: readonly OrderLine[]; guest: boolean }) {
  const dialog = useDialog();
  const auth = useAuth();
  const card = useRef<CardInputHandle>(null);
  // Buyers with a saved card pay with it directly (01 §4) unless they choose 'New Card'.
  const saved = useSavedCard(!guest && auth.isAuth ? auth.data.id : null).data?.data.card ?? null;
  const [newCard, setNewCard] = useState(false);
  const useSaved = Boolean(saved) && !newCard;
  const { confirm, confirming } = usePaymentCompletion();
  const [type, setType] = useState<PaymentType | null>('card');
  const [country, setCountry] = useState<string>('AT');
  const [save, setSave] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [buyer, setBuyer] = useState<Guest>({ email: '', first_name: '', last_name: '' });
  const [guestErrors, setGuestErrors] = useState<FormErrors>({});
  const [cardError, setCardError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  // One Idempotency-Key per checkout attempt; `inFlight` stops a second submit before React re-renders.
  const attempts = useRef(createAttemptTracker());
  const inFlight = useRef(false);
  const [cardRevision, setCardRevision] = useState(0);

  const subtotal = cartTotal(lines);
  const { discount, total } = applyCoupon(subtotal, coupon?.terms);
  const count = cartItemCount(lines);
  const guestEmpty = guest && !buyer.email.trim() && !buyer.first_name.trim() && !buyer.last_name.trim();
  const busy = submitting || confirming;
  // A coupon that covers everything: nothing to charge, the server completes the order without a card.
  const free = lines.length > 0 && total === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCardError(undefined);
    if (!type) return void dialog.warning(ORDER_TEXT.selectPaymentMethod);
    let guestData: Guest | undefined;
    if (guest) {
      const checked = validateForm(guestSchema, buyer);
      if (!checked.ok) return setGuestErrors(checked.errors);
      guestData = checked.data;
      setGuestErrors({});
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    const attempt = attempts.current.begin(
      JSON.stringify({
        lines,
        total,
        coupon: coupon?.id ?? null,
        type,
        country,
        save,
        guestData,
        cardRevision,
        savedCard: useSaved ? saved?.id : null,
      }),
    );
    try {
      let paymentMethod: string | null = null;
      if (type === 'card' && !free && !useSaved) {
        paymentMethod = attempt.paymentMethod;
        if (!paymentMethod) {
          const created = await card.current?.createPaymentMethod();
          if (!created || 'error' in created) return setCardError(created?.error ?? TEXT.genericError);
          paymentMethod = created.id;
          attempts.current.usePaymentMethod(paymentMethod);
        }
      }
      const answer = await pay(
        {
          payment_type: type,
          payment_method: paymentMethod,
          saved_card: type === 'card' && !free && useSaved ? (saved?.id ?? null) : null,
          is_save: type === 'card' && !guest && !free && !useSaved ? save : false,
          country: type === 'bank' ? (country as 'AT') : null,
          coupon: coupon?.id ?? null,
          return_url: new URL(paths.cart, window.location.origin).href,
          ...(guestData ? { guest: guestData } : {}),
        },
        attempt.key,
      );
      attempts.current.finish();
      const payment = answer.data;
      // 3-D Secure or the bank's page: the provider brings the browser back to /cart?payment=<id>.
      if (payment.url) return window.location.assign(payment.url);
      setSubmitting(false);
      const outcome = await confirm(payment.payment_id, payment.completed);
      if (outcome !== 'completed')
        setCardError(
          outcome === 'failed'
            ? 'Die Zahlung wurde abgelehnt.'
            : 'Die Zahlung konnte noch nicht bestätigt werden. Bitte prüfe später deine Bestellungen.',
        );
    } catch (error) {
      if (endsAttempt(error)) attempts.current.finish();
      await showPaymentError(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  /**
   * 422 from the payment: a declined card carries the provider's message on `card` (01 §8 "Card errors"),
   * the bank country on `country`, guest data on `guest.*`; coupon, cart and sales-paused messages are
   * shown as a warning. Anything else is the generic warning.
   */
  async function showPaymentError(error: unknown) {
    // 409: the same attempt is still being processed (docs/decisions/payments.md "The web keeps one key per checkout attempt").
    if (error instanceof ApiError && error.status === 409) return dialog.warning(error.message);
    if (!(error instanceof ApiError) || (error.status !== 402 && !error.isValidation)) {
      const paused = error instanceof ApiError && error.message === ORDER_TEXT.salesPaused;
      return dialog.warning(paused ? ORDER_TEXT.salesPaused : TEXT.genericError);
    }
    const onCard =
      error.fieldError('card') ??
      error.fieldError('payment_method') ??
      error.fieldError('saved_card') ??
      error.fieldError('country') ??
      error.fieldError('payment_type');
    if (guest) {
      const guestErrors = {
        email: error.fieldError('guest.email'),
        first_name: error.fieldError('guest.first_name'),
        last_name: error.fieldError('guest.last_name'),
      };
      if (Object.values(guestErrors).some(Boolean)) return setGuestErrors(guestErrors);
    }
    if (onCard) return setCardError(onCard);
    const other = error.fieldError('coupon') ?? error.fieldError('cart') ?? error.message;
    if (error.fieldError('coupon')) setCoupon(null);
    return dialog.warning(other);
  }

  return (
    <form className="checkout" onSubmit={(e) => void submit(e)} noValidate data-testid="checkout-form">
      <div className="checkout__main">
        {guest && (
          <section className="card checkout__section" aria-labelledby="checkout-buyer">
            <h2 id="checkout-buyer" className="checkout__subtitle">
              Deine Daten
            </h2>
            {(Object.keys(GUEST_LABELS) as (keyof Guest)[]).map((field) => (
              <TextField
                key={field}
                name={`guest-${field}`}
                label={GUEST_LABELS[field]}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete={field === 'email' ? 'email' : field === 'first_name' ? 'given-name' : 'family-name'}
                value={buyer[field]}
                onValueChange={(value) => {
                  setBuyer((b) => ({ ...b, [field]: value }));
                  setGuestErrors((e) => ({ ...e, [field]: undefined }));
                }}
                error={guestErrors[field]}
                required
              />
            ))}
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
          <div className="checkout__types" role="radiogroup" aria-labelledby="checkout-method">
            <label className={`choice${type === 'card' ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="payment_type"
                value="card"
                checked={type === 'card'}
                onChange={() => setType('card')}
                data-testid="payment-type-card"
              />
              <span>Kreditkarte</span>
            </label>
            {!guest && (
              <label className={`choice${type === 'bank' ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="payment_type"
                  value="bank"
                  checked={type === 'bank'}
                  onChange={() => setType('bank')}
                  data-testid="payment-type-bank"
                />
                <span>Banküberweisung</span>
              </label>
            )}
          </div>
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
                <CheckboxField name="is_save" checked={save} onCheckedChange={setSave}>
                  Karte für künftige Zahlungen speichern
                </CheckboxField>
              )}
            </>
          )}
          {type === 'bank' && (
            <>
              <SelectField
                name="country"
                label="Land"
                value={country}
                onValueChange={setCountry}
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
      <LoadingOverlay show={submitting} label="Zahlung wird vorbereitet…" />
      <LoadingOverlay show={confirming} label="Zahlung wird bestätigt…" />
    </form>
  );
}
