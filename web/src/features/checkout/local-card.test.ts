import { describe, expect, it, vi } from 'vitest';
import { CARD_ERROR_TEXT } from '@gm/shared/payments/card-errors';
import {
  cardErrors,
  createLocalPaymentMethod,
  formatCardNumber,
  formatExpiry,
  paymentMethodForm,
} from './local-card.ts';

const now = new Date('2026-11-25T12:00:00Z');
const visa = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('local card form', () => {
  it('formats the number in groups of four and the expiry as MM/YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('checks number, expiry and CVC', () => {
    expect(cardErrors(visa, now)).toEqual({});
    expect(Object.keys(cardErrors({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, now)).sort()).toEqual([
      'cvc',
      'expiry',
      'number',
    ]);
    expect(cardErrors({ ...visa, expiry: '10/26' }, now).expiry).toBe('Die Karte ist abgelaufen.');
    expect(cardErrors({ ...visa, expiry: '11/26' }, now)).toEqual({});
  });

  it('encodes the request like Stripe.js', () => {
    expect(paymentMethodForm(visa).toString()).toBe(
      'type=card&card%5Bnumber%5D=4242424242424242&card%5Bexp_month%5D=12&card%5Bexp_year%5D=2030&card%5Bcvc%5D=123',
    );
  });

  it('answers the PaymentMethod id, or the German text for the provider’s refusal', async () => {
    const ok = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify({ id: 'pm_1', object: 'payment_method' }), { status: 200 }));
    expect(await createLocalPaymentMethod(visa, { fetch: ok, publishableKey: 'pk_test_local' })).toEqual({
      id: 'pm_1',
    });
    const [url, init] = ok.mock.calls[0]!;
    expect(url).toBe('/stripe-local/v1/payment_methods');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer pk_test_local');

    const declined = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
        }),
        { status: 402 },
      ),
    );
    expect(await createLocalPaymentMethod(visa, { fetch: declined, publishableKey: 'pk' })).toEqual({
      error: 'Die Kartennummer ist ungültig.',
    });

    const refused = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { type: 'card_error', code: 'card_declined', decline_code: 'test_mode_live_card', message: 'Your…' },
        }),
        { status: 402 },
      ),
    );
    expect(await createLocalPaymentMethod(visa, { fetch: refused, publishableKey: 'pk' })).toEqual({
      error: 'In der Testumgebung funktionieren nur Testkarten.',
    });

    const unknown = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify({ error: { message: 'Something new.' } }), { status: 400 }));
    expect(await createLocalPaymentMethod(visa, { fetch: unknown, publishableKey: 'pk' })).toEqual({
      error: CARD_ERROR_TEXT.declined,
    });

    const down = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('network'));
    expect(await createLocalPaymentMethod(visa, { fetch: down, publishableKey: 'pk' })).toEqual({
      error: 'Der Zahlungsanbieter ist gerade nicht erreichbar.',
    });
  });
});
