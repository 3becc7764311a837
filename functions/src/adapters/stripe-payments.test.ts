import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardErrorMessage } from '@gm/shared/payments/card-errors';
import { NotFoundError } from '../lib/errors.ts';
import {
  createStripePayments,
  loadStripeSdk,
  mapStripeError,
  PaymentDeclinedError,
  PaymentProviderError,
  STRIPE_API_VERSION,
  stripeConnection,
  toPaymentIntentView,
  WebhookSignatureError,
} from './stripe-payments.ts';

describe('Stripe adapter', () => {
  it("recognises no error as Stripe's before the SDK is loaded", () => {
    // The adapter loads the SDK with its first call; every Stripe error a call throws comes after.
    const card = new Stripe.errors.StripeCardError({ message: 'declined', code: 'card_declined' } as never);
    expect(mapStripeError(card)).toBe(card);
  });

  it("loads the SDK module once, and it is the package's", async () => {
    const [a, b] = await Promise.all([loadStripeSdk(), loadStripeSdk()]);
    expect(a).toBe(Stripe);
    expect(b).toBe(Stripe);
  });

  it('does not take a look-alike for a Stripe error', async () => {
    await loadStripeSdk();
    const lookAlike = Object.assign(new Error('Your card was declined.'), {
      type: 'StripeCardError',
      code: 'card_declined',
      statusCode: 402,
      raw: { message: 'Your card was declined.' },
    });
    expect(mapStripeError(lookAlike)).toBe(lookAlike);
    const plainObject = { type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 };
    expect(mapStripeError(plainObject)).toBe(plainObject);
  });

  it('pins the API version of the installed SDK', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  describe('with the SDK loaded', () => {
    beforeAll(async () => {
      await loadStripeSdk();
    });

    it('maps a card error to a 422 on the card field with the German text for its decline code', () => {
      const error = mapStripeError(
        new Stripe.errors.StripeCardError({
          message: 'Your card was declined.',
          code: 'card_declined',
          decline_code: 'generic_decline',
          payment_intent: { id: 'pi_1' },
        } as never),
      );
      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect(error).toMatchObject({
        statusCode: 422,
        message: cardErrorMessage({ code: 'card_declined', declineCode: 'generic_decline' }),
        errors: { card: [cardErrorMessage({ code: 'card_declined', declineCode: 'generic_decline' })] },
        providerMessage: 'Your card was declined.',
        code: 'card_declined',
        declineCode: 'generic_decline',
        paymentIntentId: 'pi_1',
      });
    });

    it('maps a missing object to 404 and everything else from Stripe to a provider error', () => {
      expect(
        mapStripeError(
          new Stripe.errors.StripeInvalidRequestError({
            message: 'No such payment_intent',
            code: 'resource_missing',
            statusCode: 404,
          } as never),
        ),
      ).toBeInstanceOf(NotFoundError);
      const other = mapStripeError(
        new Stripe.errors.StripeAPIError({ message: 'boom', statusCode: 500, requestId: 'req_1' } as never),
      );
      expect(other).toBeInstanceOf(PaymentProviderError);
      expect(other).toMatchObject({ statusCode: 500, requestId: 'req_1' });
      const plain = new Error('not stripe');
      expect(mapStripeError(plain)).toBe(plain);
    });
  });

  it('narrows a PaymentIntent to what the product reads', () => {
    const view = toPaymentIntentView({
      id: 'pi_1',
      status: 'requires_action',
      amount: 2500,
      currency: 'eur',
      client_secret: 'pi_1_secret_x',
      metadata: { payment_id: 'pay-1' },
      customer: { id: 'cus_1' },
      payment_method: 'pm_1',
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: 'http://127.0.0.1/__authorize/pi_1', return_url: 'http://x' },
      },
      last_payment_error: null,
      latest_charge: null,
    } as unknown as Stripe.PaymentIntent);
    expect(view).toEqual({
      id: 'pi_1',
      status: 'requires_action',
      amountCents: 2500,
      currency: 'eur',
      clientSecret: 'pi_1_secret_x',
      orderRef: 'pay-1',
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      redirectUrl: 'http://127.0.0.1/__authorize/pi_1',
      lastError: null,
      latestChargeId: null,
      metadata: { payment_id: 'pay-1' },
    });
  });

  it('reads the keys from the environment or from SSM parameters, as configured', async () => {
    const asked: string[] = [];
    const parameters = () => ({ get: async (name: string) => (asked.push(name), `value-of-${name}`) });
    const local = stripeConnection(
      {
        secretKey: { value: 'sk_test_local' },
        webhookSecret: { value: 'whsec_x' },
        publishableKey: undefined,
        api: { host: '127.0.0.1', port: 1, protocol: 'http' },
      },
      parameters,
    );
    expect(await local.secretKey()).toBe('sk_test_local');
    expect(local.api).toEqual({ host: '127.0.0.1', port: 1, protocol: 'http' });
    const aws = stripeConnection(
      {
        secretKey: { parameter: '/gm/key' },
        webhookSecret: { parameter: '/gm/hook' },
        publishableKey: undefined,
        api: undefined,
      },
      parameters,
    );
    expect([await aws.secretKey(), await aws.webhookSecret()]).toEqual(['value-of-/gm/key', 'value-of-/gm/hook']);
    expect(asked).toEqual(['/gm/key', '/gm/hook']);
    expect(aws.api).toBeUndefined();
  });

  it('refuses webhook signatures more than five minutes in the past or the future', async () => {
    const secret = 'whsec_unit_window';
    const payments = createStripePayments({ secretKey: async () => 'sk_test_unit', webhookSecret: async () => secret });
    const payload = JSON.stringify({ id: 'evt_window', object: 'event', type: 'payment_intent.succeeded' });
    const at = (offsetSeconds: number) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
      });
    await expect(payments.verifyWebhook(payload, at(-60))).resolves.toMatchObject({ id: 'evt_window' });
    await expect(payments.verifyWebhook(payload, at(60))).resolves.toMatchObject({ id: 'evt_window' });
    await expect(payments.verifyWebhook(payload, at(-400))).rejects.toThrow();
    await expect(payments.verifyWebhook(payload, at(400))).rejects.toThrow();
  });

  it('verifies webhook signatures over the raw body', async () => {
    const secret = 'whsec_unit';
    const payments = createStripePayments({ secretKey: async () => 'sk_test_unit', webhookSecret: async () => secret });
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1' } },
    });
    const event = await payments.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(event.id).toBe('evt_1');
    await expect(
      payments.verifyWebhook(
        Buffer.from(payload),
        Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
      ),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      payments.verifyWebhook(`${payload} `, Stripe.webhooks.generateTestHeaderString({ payload, secret })),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(payments.verifyWebhook(payload, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('verifies Connect events signed with the Connect endpoint secret, and nothing else', async () => {
    const platform = 'whsec_platform';
    const connect = 'whsec_connect';
    const payments = createStripePayments({
      secretKey: async () => 'sk_test_unit',
      webhookSecret: async () => platform,
      connectWebhookSecret: async () => connect,
    });
    const payload = JSON.stringify({
      id: 'evt_connect',
      object: 'event',
      type: 'account.updated',
      data: { object: {} },
    });
    const viaConnect = await payments.verifyWebhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: connect }),
    );
    expect(viaConnect.id).toBe('evt_connect');
    const viaPlatform = await payments.verifyWebhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: platform }),
    );
    expect(viaPlatform.id).toBe('evt_connect');
    await expect(
      payments.verifyWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
