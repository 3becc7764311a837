// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ORDER_TEXT, type OrderLine } from '@gm/shared/orders/contracts';
import { CARD_ERROR_TEXT } from '@gm/shared/payments/card-errors';
import { MSG } from '@gm/shared/validation/messages';
import { authStore } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { makeUser, json } from '../../../testing/fixtures.ts';
import { CheckoutForm } from './checkout-form.tsx';

/** Two product vouchers of 49 €: what the form reads of a cart line (its totals). */
const LINES = [{ id: 'o-1', total_amount: 9800, total_qty: 2 } as unknown as OrderLine];

const coupon = (id: string, percent: number) => ({
  data: [
    {
      active: true,
      expires_at: null,
      coupon: { id, percent_off: percent, amount_off: null, metadata: { limit: null } },
    },
  ],
});

type Route = (url: string, init: RequestInit | undefined) => Response | undefined;

/** A fetch stand-in answering by path; every request is recorded with its JSON body. */
function stubFetch(route: Route) {
  const sent: Array<{ path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^\/api\/v1\//, '').replace(/\?.*$/, '');
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({ path, body: raw && raw.startsWith('{') ? (JSON.parse(raw) as unknown) : raw });
    const answer = route(path, init);
    if (answer) return answer;
    if (path === 'user-stripe') return json(200, { data: { is_save: false, card: null } });
    return json(404, { message: 'Nicht gefunden.' });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function renderForm({ lines = LINES, guest = true }: { lines?: readonly OrderLine[]; guest?: boolean } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <MemoryRouter>
          <CheckoutForm lines={lines} guest={guest} />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const submit = () => screen.getByTestId('checkout-submit') as HTMLButtonElement;
const paymentsSent = (sent: Array<{ path: string; body: unknown }>) => sent.filter((r) => r.path.endsWith('payment'));

async function typeCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByTestId('card-number'), number);
  await user.type(screen.getByTestId('card-expiry'), '1230');
  await user.type(screen.getByTestId('card-cvc'), '123');
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  authStore.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CheckoutForm as a guest (01 §2, §5)', () => {
  it('keeps Zur Kasse disabled while the cart is empty or e-mail, first and last name are all empty', async () => {
    stubFetch(() => undefined);
    const user = renderForm();
    expect(submit().disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Vorname/), 'Gerda');
    expect(submit().disabled).toBe(false);
    await user.clear(screen.getByLabelText(/^Vorname/));
    expect(submit().disabled).toBe(true);
    cleanup();

    renderForm({ lines: [] });
    await userEvent.setup().type(screen.getByLabelText(/^E-Mail/), 'gast@example.com');
    expect(submit().disabled).toBe(true);
  });

  it('offers guests the card only, no bank transfer and no save-card box', () => {
    stubFetch(() => undefined);
    renderForm();
    expect((screen.getByTestId('payment-type-card') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('payment-type-bank')).toBeNull();
    expect(screen.queryByLabelText('Karte für künftige Zahlungen speichern')).toBeNull();
    expect(screen.getByTestId('card-input')).toBeTruthy();
    expect(screen.getByTestId('open-account-link').textContent).toBe('Account eröffnen');
  });

  it('checks the guest data with the contract before anything is sent', async () => {
    const sent = stubFetch(() => undefined);
    const user = renderForm();
    await user.type(screen.getByLabelText(/^E-Mail/), 'keine-adresse');
    await user.click(submit());
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    expect(summary.textContent).toContain('Vorname');
    expect(summary.textContent).toContain('Nachname');
    expect(screen.getByLabelText(/^E-Mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MSG.email)).toBeTruthy();
    expect(paymentsSent(sent)).toEqual([]);
  });

  it('shows a refused card in German under the card field, and the guest data with the payment', async () => {
    const sent = stubFetch((path) => {
      if (path === '/stripe-local/v1/payment_methods') return json(200, { id: 'pm_declined' });
      if (path === 'order/guest/payment')
        return json(422, { message: CARD_ERROR_TEXT.declined, errors: { card: [CARD_ERROR_TEXT.declined] } });
      return undefined;
    });
    const user = renderForm();
    await user.type(screen.getByLabelText(/^E-Mail/), 'gast@example.com');
    await user.type(screen.getByLabelText(/^Vorname/), 'Gerda');
    await user.type(screen.getByLabelText(/^Nachname/), 'Gast');
    await typeCard(user, '4000000000000002');
    await user.click(submit());
    await waitFor(() => expect(within(screen.getByTestId('card-input')).getByText(CARD_ERROR_TEXT.declined)));
    const [payment] = paymentsSent(sent);
    expect(payment?.body).toMatchObject({
      payment_type: 'card',
      payment_method: 'pm_declined',
      is_save: false,
      country: null,
      guest: { email: 'gast@example.com', first_name: 'Gerda', last_name: 'Gast' },
    });
  });

  it('shows the local card form’s refusal in German, not the provider’s English', async () => {
    const sent = stubFetch((path) =>
      path === '/stripe-local/v1/payment_methods'
        ? json(402, { error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' } })
        : undefined,
    );
    const user = renderForm();
    await user.type(screen.getByLabelText(/^Nachname/), 'Gast');
    await user.type(screen.getByLabelText(/^E-Mail/), 'gast@example.com');
    await user.type(screen.getByLabelText(/^Vorname/), 'Gerda');
    await typeCard(user);
    await user.click(submit());
    await screen.findByText(CARD_ERROR_TEXT.expired);
    expect(screen.queryByText('Your card has expired.')).toBeNull();
    expect(paymentsSent(sent)).toEqual([]);
  });

  it('puts a server 422 on the guest fields', async () => {
    stubFetch((path) => {
      if (path === '/stripe-local/v1/payment_methods') return json(200, { id: 'pm_ok' });
      if (path === 'order/guest/payment')
        return json(422, { message: 'Ungültig', errors: { 'guest.email': ['Diese Emailadresse ist gesperrt.'] } });
      return undefined;
    });
    const user = renderForm();
    await user.type(screen.getByLabelText(/^E-Mail/), 'gast@example.com');
    await user.type(screen.getByLabelText(/^Vorname/), 'Gerda');
    await user.type(screen.getByLabelText(/^Nachname/), 'Gast');
    await typeCard(user);
    await user.click(submit());
    await screen.findByText('Diese Emailadresse ist gesperrt.');
    expect(screen.getByLabelText(/^E-Mail/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('CheckoutForm coupon (01 §2, §4, §5)', () => {
  it('shows the code upper-case, disables Einlösen while empty or checking and applies the discount', async () => {
    let release: () => void = () => undefined;
    const sent = stubFetch(() => undefined);
    const fetch = vi.mocked(globalThis.fetch);
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).endsWith('check-coupon')) {
        sent.push({ path: 'check-coupon', body: JSON.parse(String(init?.body)) as unknown });
        await new Promise<void>((resolve) => (release = resolve));
        return json(200, coupon('WILLKOMMEN10', 10));
      }
      return base(input, init);
    });
    const user = renderForm();
    const apply = screen.getByTestId('coupon-apply') as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await user.type(screen.getByTestId('coupon-input'), 'willkommen10');
    expect((screen.getByTestId('coupon-input') as HTMLInputElement).value).toBe('WILLKOMMEN10');
    await user.click(apply);
    await waitFor(() => expect(apply.textContent).toBe('Wird geprüft…'));
    expect(apply.disabled).toBe(true);
    release();
    await screen.findByTestId('coupon-discount');
    expect(screen.getByTestId('coupon-status').textContent).toContain('Gutschein WILLKOMMEN10 angewendet');
    expect(screen.getByTestId('checkout-total').textContent).toMatch(/^88,20\s€$/);
    expect(sent.find((r) => r.path === 'check-coupon')?.body).toEqual({ coupon: 'WILLKOMMEN10' });
  });

  it('says when a code does not exist', async () => {
    stubFetch((path) => (path === 'check-coupon' ? json(404, { message: ORDER_TEXT.couponInvalid }) : undefined));
    const user = renderForm();
    await user.type(screen.getByTestId('coupon-input'), 'gibtsnicht{Enter}');
    await screen.findByText('Diesen Gutscheincode gibt es nicht.');
    expect(screen.getByTestId('coupon-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('coupon-discount')).toBeNull();
    // Typing again clears the message.
    await user.type(screen.getByTestId('coupon-input'), 'X');
    expect(screen.queryByText('Diesen Gutscheincode gibt es nicht.')).toBeNull();
  });
});

describe('CheckoutForm as a buyer', () => {
  beforeEach(() => {
    authStore.signIn({ token: 'tok', user: makeUser('user') });
  });

  it('pays by bank transfer with the chosen country; a server 422 on the country lands on that field', async () => {
    const sent = stubFetch((path) =>
      path === 'order/payment'
        ? json(422, { message: 'Ungültig', errors: { country: ['Für dieses Land gibt es keine Überweisung.'] } })
        : undefined,
    );
    const user = renderForm({ guest: false });
    expect(screen.queryByLabelText(/^E-Mail/)).toBeNull();
    expect(screen.queryByLabelText(/^Land/)).toBeNull();
    await user.click(screen.getByTestId('payment-type-bank'));
    const country = screen.getByLabelText(/^Land/) as HTMLSelectElement;
    expect(country.value).toBe('AT');
    expect(screen.getByText('Du wirst zur Zahlung mit EPS weitergeleitet.')).toBeTruthy();
    expect(screen.queryByTestId('card-input')).toBeNull();
    await user.selectOptions(country, 'DE');
    expect(screen.getByText('Du wirst zur Zahlung mit Klarna weitergeleitet.')).toBeTruthy();
    await user.click(submit());
    await screen.findByText('Für dieses Land gibt es keine Überweisung.');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(paymentsSent(sent)[0]?.body).toMatchObject({ payment_type: 'bank', country: 'DE', payment_method: null });
  });

  it('offers the saved card first, with Neue Karte for another one', async () => {
    stubFetch((path) =>
      path === 'user-stripe'
        ? json(200, {
            data: {
              is_save: true,
              card: { id: 'pm_saved', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
            },
          })
        : undefined,
    );
    const user = renderForm({ guest: false });
    expect((await screen.findByTestId('saved-card-label')).textContent).toBe('Visa •••• 4242, gültig bis 12/30');
    expect(screen.queryByTestId('card-input')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Neue Karte' }));
    expect(screen.getByTestId('card-input')).toBeTruthy();
    expect(screen.getByLabelText('Karte für künftige Zahlungen speichern')).toBeTruthy();
  });
});
