import { cardErrorMessage } from '@gm/shared/payments/card-errors';
import { normaliseCardNumber, passesLuhn } from '@gm/shared/payments/test-cards';

/**
 * The local test-card entry (VITE_STRIPE_MODE ≠ 'live'): a PaymentMethod is created at the Stripe
 * stand-in the way Stripe.js does it — `POST /v1/payment_methods`, form-encoded, with the publishable
 * key — through the web server's `/stripe-local` proxy.
 */
export const LOCAL_STRIPE_BASE = '/stripe-local';

export type CardDraft = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardDraft, string>>;

/** "4242424242424242" → "4242 4242 4242 4242" while typing (at most 19 digits). */
export function formatCardNumber(input: string): string {
  return normaliseCardNumber(input)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" / "12/30" → "12/30" while typing. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Field checks before anything leaves the page (the provider checks again). */
export function cardErrors(card: CardDraft, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!passesLuhn(card.number)) errors.number = 'Die Kartennummer ist ungültig.';
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = 'Bitte gib das Ablaufdatum als MM/JJ ein.';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))
    errors.expiry = 'Die Karte ist abgelaufen.';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Die Prüfnummer hat 3 oder 4 Ziffern.';
  return errors;
}

export function paymentMethodForm(card: CardDraft): URLSearchParams {
  const expiry = parseExpiry(card.expiry);
  const form = new URLSearchParams();
  form.set('type', 'card');
  form.set('card[number]', normaliseCardNumber(card.number));
  form.set('card[exp_month]', String(expiry?.month ?? ''));
  form.set('card[exp_year]', String(expiry?.year ?? ''));
  form.set('card[cvc]', card.cvc.trim());
  return form;
}

export type PaymentMethodResult = { id: string } | { error: string };

/** POST /stripe-local/v1/payment_methods → the PaymentMethod id, or the provider's message. */
export async function createLocalPaymentMethod(
  card: CardDraft,
  deps: { fetch: typeof fetch; publishableKey: string; base?: string },
): Promise<PaymentMethodResult> {
  let response: Response;
  try {
    response = await deps.fetch(`${deps.base ?? LOCAL_STRIPE_BASE}/v1/payment_methods`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${deps.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: paymentMethodForm(card).toString(),
    });
  } catch {
    return { error: 'Der Zahlungsanbieter ist gerade nicht erreichbar.' };
  }
  const body = (await response.json().catch(() => null)) as {
    id?: unknown;
    error?: { code?: unknown; decline_code?: unknown };
  } | null;
  if (response.ok && typeof body?.id === 'string') return { id: body.id };
  if (!body?.error) return { error: 'Die Karte konnte nicht geprüft werden.' };
  // The provider's own message is English ("Your card number is incorrect."): the buyer reads the German text for its codes.
  return { error: cardErrorMessage({ code: text(body.error.code), declineCode: text(body.error.decline_code) }) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
