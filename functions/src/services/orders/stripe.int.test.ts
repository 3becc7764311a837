import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { settleStandIn, standIn, standInApi } from '../../../../scripts/test/stripe-stand-in.ts';
import { describe, expect, it } from 'vitest';
import { cardErrorMessage } from '@gm/shared/payments/card-errors';
import { api } from '../../../../scripts/test/api.ts';
import { PaymentDeclinedError, PaymentProviderError } from '../../adapters/stripe-payments.ts';
import {
  appUrl,
  clock,
  companies,
  coupons,
  mailQueue,
  mediaReader,
  newId,
  orders,
  paymentRecords,
  payoutAccounts,
  sellerMails,
  settings,
  stripeEvents,
  templates,
  users,
  userVouchers,
  vouchers,
  log,
  metrics,
} from '../../lib/deps.ts';
import { payments } from '../../lib/deps/payments.ts';
import { createPaymentEventRegistry } from './payment-events.ts';
import { receiveStripeEvent } from './receive-stripe-event.ts';
import { recordPaymentStatus } from './record-payment-status.ts';

/**
 * The payment foundation end to end: the real `stripe` SDK (through the product's adapter) against
 * the local Stripe stand-in, whose signed webhooks reach the real handler behind the local API.
 */
const RETURN_URL = 'http://localhost:5173/payment';

type StandInEvent = { id: string; type: string; created: number; data: { object: { id: string } } };
type Delivery = { event_id: string; status: number; ok: boolean; kind: string };

/** Waits until the stand-in has delivered everything, retries included. */
const settle = settleStandIn;

async function eventOf(type: string, objectId: string): Promise<StandInEvent> {
  const { body } = await standInApi<{ data: StandInEvent[] }>('GET', `/__test/events?type=${type}&object=${objectId}`);
  expect(body.data, `${type} for ${objectId}`).toHaveLength(1);
  return body.data[0]!;
}

async function deliveriesOf(eventId: string): Promise<Delivery[]> {
  return (await standInApi<{ data: Delivery[] }>('GET', `/__test/deliveries?event=${eventId}`)).body.data;
}

/** A card as the browser creates it (Stripe.js style: publishable key, card number). */
async function browserCard(number: string): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** A checkout's Payment record plus its PaymentIntent, the way the orders use case will create them. */
async function newPayment(amountCents = 2500, types: ('card' | 'eps')[] = ['card']) {
  const id = randomUUID();
  await paymentRecords().create({
    id,
    amount: amountCents,
    currency: 'eur',
    payment_type: types[0] === 'card' ? 'card' : 'bank',
    created_at: new Date().toISOString(),
  });
  const intent = await payments().createPaymentIntent({
    amountCents,
    orderRef: id,
    paymentMethodTypes: types,
    savePaymentMethod: false,
    idempotencyKey: id,
  });
  expect(await paymentRecords().attachIntent(id, intent.id, new Date().toISOString())).toBe(true);
  return { id, intent };
}

function signed(payload: string, secret = process.env.STRIPE_WEBHOOK_SECRET as string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

describe('Stripe payments through the local stand-in', () => {
  it('pays with 4242: the signed payment_intent.succeeded reaches the API and the Payment record follows', async () => {
    const { id, intent } = await newPayment(2500);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 2500,
      currency: 'eur',
      orderRef: id,
    });
    expect(intent.clientSecret).toMatch(/_secret_/);
    const paid = await payments().confirmPaymentIntent(intent.id, {
      paymentMethod: await browserCard('4242 4242 4242 4242'),
      returnUrl: RETURN_URL,
    });
    expect(paid.status).toBe('succeeded');
    await settle();

    const event = await eventOf('payment_intent.succeeded', intent.id);
    expect((await deliveriesOf(event.id)).map((d) => d.status)).toEqual([200]);
    expect(await paymentRecords().get(id)).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      stripe_payment_intent_id: intent.id,
      last_event_id: event.id,
      stripe_event_created: event.created,
    });
    expect(await stripeEvents().get(event.id)).toMatchObject({
      state: 'done',
      claims: 1,
      type: 'payment_intent.succeeded',
    });
  });

  it('declines 4000000000000002 with a typed error (the German decline text on the card field) and records the failure', async () => {
    const { id, intent } = await newPayment(1800);
    const error = await payments()
      .confirmPaymentIntent(intent.id, { paymentMethod: await browserCard('4000000000000002'), returnUrl: RETURN_URL })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'card_declined',
      declineCode: 'generic_decline',
      paymentIntentId: intent.id,
      errors: { card: [cardErrorMessage({ code: 'card_declined', declineCode: 'generic_decline' })] },
      providerMessage: 'Your card was declined.',
    });
    await settle();
    expect(await paymentRecords().get(id)).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      decline_code: 'generic_decline',
      failure_message: 'Your card was declined.',
    });

    // A decline leaves the payment open: the buyer pays with another card, the failure is cleared.
    expect(
      (await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL }))
        .status,
    ).toBe('succeeded');
    await settle();
    const record = await paymentRecords().get(id);
    expect(record).toMatchObject({ status: 'succeeded' });
    expect(record?.failure_code).toBeUndefined();
  });

  it('sends a 3-D Secure card to the authorisation page, which completes the payment', async () => {
    const { id, intent } = await newPayment(4990);
    const pending = await payments().confirmPaymentIntent(intent.id, {
      paymentMethod: await browserCard('4000000000003220'),
      returnUrl: RETURN_URL,
    });
    expect(pending.status).toBe('requires_action');
    expect(pending.redirectUrl).toMatch(new RegExp(`^${standIn()}/__authorize/${intent.id}\\?token=`));
    await settle();
    expect((await paymentRecords().get(id))?.status).toBe('requires_action');

    const page = await (await fetch(pending.redirectUrl!)).text();
    expect(page).toContain('>Authorisieren</button>');
    expect(page).toContain('>Ablehnen</button>');
    const answer = await fetch(`${standIn()}/__authorize/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({
        token: new URL(pending.redirectUrl!).searchParams.get('token')!,
        decision: 'approve',
      }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    await settle();
    expect(await paymentRecords().get(id)).toMatchObject({ status: 'succeeded', amount_received: 4990 });
    expect((await payments().retrievePaymentIntent(intent.id)).status).toBe('succeeded');
  });

  it('redirects a bank payment (EPS) and records the failure when the customer declines at the bank', async () => {
    const { id, intent } = await newPayment(3000, ['eps']);
    const pending = await payments().confirmPaymentIntent(intent.id, {
      bankMethod: { type: 'eps', billingName: 'Anna Buyer' },
      returnUrl: RETURN_URL,
    });
    expect(pending.status).toBe('requires_action');
    const answer = await fetch(`${standIn()}/__authorize/${intent.id}`, {
      method: 'POST',
      body: new URLSearchParams({
        token: new URL(pending.redirectUrl!).searchParams.get('token')!,
        decision: 'decline',
      }),
      redirect: 'manual',
    });
    expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    await settle();
    expect(await paymentRecords().get(id)).toMatchObject({
      status: 'failed',
      failure_code: 'payment_intent_payment_attempt_failed',
    });
  });

  it('processes an event delivered 20 times at once exactly once', async () => {
    const { id, intent } = await newPayment(1200);
    expect((await standInApi('POST', '/__test/hold', { object: intent.id })).status).toBe(200);
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    const event = await eventOf('payment_intent.succeeded', intent.id);
    await settle();
    expect((await paymentRecords().get(id))?.status).toBe('created'); // held: not delivered yet

    const { body } = await standInApi<{ statuses: number[] }>('POST', `/__test/events/${event.id}/redeliver`, {
      count: 20,
    });
    expect(body.statuses).toHaveLength(20);
    // One delivery runs it; the others see it done (200) or still running (409, retried by Stripe).
    expect(body.statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(body.statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    await settle();

    expect(await stripeEvents().get(event.id)).toMatchObject({ state: 'done', claims: 1 });
    expect(await paymentRecords().get(id)).toMatchObject({
      status: 'succeeded',
      last_event_id: event.id,
      amount_received: 1200,
    });
    const deliveries = await deliveriesOf(event.id);
    expect(deliveries.filter((d) => d.ok)).toHaveLength(20);
    expect(deliveries.every((d) => d.status === 200 || d.status === 409)).toBe(true);
  });

  it('answers 400 to a bad signature and writes nothing; the same event signed correctly is processed', async () => {
    const { id, intent } = await newPayment(900);
    await standInApi('POST', '/__test/hold', { object: intent.id });
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    const event = await eventOf('payment_intent.succeeded', intent.id);
    const payload = JSON.stringify(event);

    const post = (signature: string | undefined, body = payload) =>
      api('POST', 'stripe/webhook', {
        body: JSON.parse(body),
        headers: signature ? { 'stripe-signature': signature } : {},
      });
    // api() re-serialises the body: sign exactly what it sends.
    const wrongSecret = await post(signed(JSON.stringify(JSON.parse(payload)), 'whsec_not_the_secret'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toEqual({ message: 'Ungültige Webhook-Signatur.' });
    expect((await post(undefined)).status).toBe(400);
    const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount: 1 } } });
    expect((await post(signed(JSON.stringify(JSON.parse(payload))), tampered)).status).toBe(400);
    expect((await post(`t=${Math.floor(Date.now() / 1000) - 3600},v1=${'0'.repeat(64)}`)).status).toBe(400);

    expect(await stripeEvents().get(event.id)).toBeUndefined();
    expect((await paymentRecords().get(id))?.status).toBe('created');

    const good = await post(signed(JSON.stringify(JSON.parse(payload))));
    expect(good).toMatchObject({ status: 200, body: { received: true } });
    expect((await paymentRecords().get(id))?.status).toBe('succeeded');
    const again = await post(signed(JSON.stringify(JSON.parse(payload))));
    expect(again).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
  });

  it('runs an event again after a consumer failed (the claim is given back)', async () => {
    const { id, intent } = await newPayment(700);
    await standInApi('POST', '/__test/hold', { object: intent.id });
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    const event = await eventOf('payment_intent.succeeded', intent.id);
    const payload = JSON.stringify(event);
    let failures = 1;
    const registry = createPaymentEventRegistry([
      { name: 'payment-status', types: ['payment_intent.succeeded'], handle: recordPaymentStatus },
      {
        name: 'flaky',
        types: ['payment_intent.succeeded'],
        handle: async () => {
          if (failures-- > 0) throw new Error('simulated outage');
        },
      },
    ]);
    const deps = {
      payments: payments(),
      stripeEvents: stripeEvents(),
      paymentRecords: paymentRecords(),
      payoutAccounts: payoutAccounts(),
      ...{
        orders: orders(),
        vouchers: vouchers(),
        userVouchers: userVouchers(),
        coupons: coupons(),
        settings: settings(),
        users: users(),
        companies: companies(),
        mailQueue: mailQueue(),
        appUrl: appUrl(),
        templates: templates(),
        mediaReader: mediaReader(),
        sellerMails: sellerMails(),
      },
      clock: clock(),
      newId: newId(),
      log: log(),
      metrics: metrics(),
    };
    await expect(receiveStripeEvent(deps, payload, signed(payload), registry)).rejects.toThrow('simulated outage');
    expect(await stripeEvents().get(event.id)).toMatchObject({ state: 'processing', claims: 1 });
    await expect(receiveStripeEvent(deps, payload, signed(payload), registry)).resolves.toEqual({ received: true });
    expect(await stripeEvents().get(event.id)).toMatchObject({ state: 'done', claims: 2 });
    expect((await paymentRecords().get(id))?.status).toBe('succeeded');
  });

  it('never moves a succeeded payment back, whatever arrives later', async () => {
    const { id, intent } = await newPayment(1500);
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    await settle();
    const before = await paymentRecords().get(id);
    expect(before?.status).toBe('succeeded');
    const late = {
      paymentId: id,
      paymentIntentId: intent.id,
      eventId: 'evt_late',
      eventCreated: before!.stripe_event_created! + 10,
    };
    expect(await paymentRecords().applyStatusChange({ ...late, status: 'failed' }, new Date().toISOString())).toBe(
      'ignored',
    );
    expect(await paymentRecords().applyStatusChange({ ...late, status: 'canceled' }, new Date().toISOString())).toBe(
      'ignored',
    );
    expect(
      await paymentRecords().applyStatusChange({ ...late, status: 'requires_action' }, new Date().toISOString()),
    ).toBe('ignored');
    expect(
      await paymentRecords().applyStatusChange(
        { ...late, paymentIntentId: 'pi_other', status: 'refunded' },
        new Date().toISOString(),
      ),
    ).toBe('unknown_payment');
    expect(await paymentRecords().get(id)).toEqual(before);
    // An older event does not overwrite a newer one either.
    const open = await newPayment(1500);
    const t = Math.floor(Date.now() / 1000);
    expect(
      await paymentRecords().applyStatusChange(
        {
          paymentId: open.id,
          paymentIntentId: open.intent.id,
          eventId: 'evt_b',
          eventCreated: t,
          status: 'requires_action',
        },
        new Date().toISOString(),
      ),
    ).toBe('applied');
    expect(
      await paymentRecords().applyStatusChange(
        {
          paymentId: open.id,
          paymentIntentId: open.intent.id,
          eventId: 'evt_a',
          eventCreated: t - 5,
          status: 'failed',
        },
        new Date().toISOString(),
      ),
    ).toBe('ignored');
  });

  it('refunds once per idempotency key and records charge.refunded; cancels open intents', async () => {
    const { id, intent } = await newPayment(2200);
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    const key = `refund-${id}`;
    const refund = await payments().refund(intent.id, key);
    expect(refund).toMatchObject({ amountCents: 2200, status: 'succeeded', paymentIntentId: intent.id });
    expect((await payments().refund(intent.id, key)).id).toBe(refund.id);
    await settle();
    // charge.refunded may follow payment_intent.succeeded by a retry round: wait for the record, not for a moment.
    await expect.poll(async () => (await paymentRecords().get(id))?.status, { timeout: 10_000 }).toBe('refunded');
    expect(await paymentRecords().get(id)).toMatchObject({ status: 'refunded', amount_refunded: 2200 });

    const open = await newPayment(1000);
    expect((await payments().cancelPaymentIntent(open.intent.id)).status).toBe('canceled');
    await settle();
    expect((await paymentRecords().get(open.id))?.status).toBe('canceled');
  });

  it('replays createPaymentIntent for the same idempotency key and refuses the key with other parameters', async () => {
    const key = randomUUID();
    const input = {
      amountCents: 3100,
      orderRef: key,
      paymentMethodTypes: ['card'] as const,
      savePaymentMethod: false,
      idempotencyKey: key,
    };
    const first = await payments().createPaymentIntent(input);
    expect((await payments().createPaymentIntent(input)).id).toBe(first.id);
    const other = await payments()
      .createPaymentIntent({ ...input, amountCents: 3200 })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(PaymentProviderError);
    expect(other).toMatchObject({ statusCode: 400 });
    await expect(payments().retrievePaymentIntent('pi_does_not_exist')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('acknowledges events for intents the product did not create, without writing a payment', async () => {
    const orderRef = randomUUID();
    const intent = await payments().createPaymentIntent({
      amountCents: 1000,
      orderRef,
      paymentMethodTypes: ['card'],
      savePaymentMethod: false,
      idempotencyKey: orderRef,
    });
    await payments().confirmPaymentIntent(intent.id, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URL });
    await settle();
    const event = await eventOf('payment_intent.succeeded', intent.id);
    expect((await deliveriesOf(event.id)).map((d) => d.status)).toEqual([200]);
    expect(await paymentRecords().get(orderRef)).toBeUndefined();
  });

  it('saves a card for a customer and lists it', async () => {
    const userId = randomUUID();
    const customer = await payments().createCustomer({
      email: `${userId}@example.com`,
      name: 'Anna Buyer',
      userId,
      idempotencyKey: `customer-${userId}`,
    });
    expect(
      (
        await payments().createCustomer({
          email: `${userId}@example.com`,
          name: 'Anna Buyer',
          userId,
          idempotencyKey: `customer-${userId}`,
        })
      ).id,
    ).toBe(customer.id);
    const paymentId = randomUUID();
    const intent = await payments().createPaymentIntent({
      amountCents: 2000,
      orderRef: paymentId,
      customerId: customer.id,
      paymentMethodTypes: ['card'],
      savePaymentMethod: true,
      idempotencyKey: paymentId,
    });
    await payments().confirmPaymentIntent(intent.id, {
      paymentMethod: await browserCard('5555555555554444'),
      returnUrl: RETURN_URL,
    });
    const cards = await payments().listSavedCards(customer.id);
    expect(cards).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
      },
    ]);
    // The saved card pays the next order directly.
    const next = randomUUID();
    const again = await payments().createPaymentIntent({
      amountCents: 1000,
      orderRef: next,
      customerId: customer.id,
      paymentMethodTypes: ['card'],
      savePaymentMethod: false,
      idempotencyKey: next,
    });
    expect(
      (await payments().confirmPaymentIntent(again.id, { paymentMethod: cards[0]!.id, returnUrl: RETURN_URL })).status,
    ).toBe('succeeded');
  });

  it('creates connected accounts and transfers only once payouts are enabled', async () => {
    const userId = randomUUID();
    const account = await payments().createConnectedAccount({
      email: `${userId}@example.com`,
      userId,
      idempotencyKey: `account-${userId}`,
    });
    expect(account).toMatchObject({ payoutsEnabled: false, chargesEnabled: false, detailsSubmitted: false });
    const link = await payments().createOnboardingLink(account.id, {
      returnUrl: 'http://localhost:5173/profile-info',
      refreshUrl: 'http://localhost:5173/profile-info?retry=1',
    });
    expect(link).toContain(`/__onboarding/${account.id}`);
    const transfer = {
      amountCents: 4500,
      destinationAccountId: account.id,
      transferGroup: 'PR-2026-000001',
      idempotencyKey: `transfer-${userId}`,
    };
    await expect(payments().createTransfer(transfer)).rejects.toMatchObject({
      stripeCode: 'insufficient_capabilities_for_transfer',
    });
    expect(
      (await standInApi('POST', `/__test/accounts/${account.id}`, { payouts_enabled: true, charges_enabled: true }))
        .status,
    ).toBe(200);
    expect(await payments().retrieveConnectedAccount(account.id)).toMatchObject({
      payoutsEnabled: true,
      chargesEnabled: true,
    });
    // The platform must hold the amount (the stand-in refuses `balance_insufficient` like Stripe).
    expect((await standInApi('POST', '/__test/balance', { amount: 4500 })).status).toBe(200);
    const made = await payments().createTransfer(transfer);
    expect(made).toMatchObject({ amountCents: 4500, destination: account.id, transferGroup: 'PR-2026-000001' });
    expect((await payments().createTransfer(transfer)).id).toBe(made.id);
  });
});
