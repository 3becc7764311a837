import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

/** The stand-in driven by the real `stripe` SDK, with a tiny webhook receiver that verifies signatures. */
const SECRET = 'whsec_standin_test_secret';
type Received = { type: string; id: string; verified: boolean };

let standIn: StripeStandIn;
let receiver: Server;
const received: Received[] = [];
let answerWith: (event: Received) => number = () => 200;
let stripe: Stripe;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function client(port: number, key = 'sk_test_local'): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: 0,
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let entry: Received;
      try {
        const event = Stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), SECRET);
        entry = { type: event.type, id: event.id, verified: true };
      } catch {
        entry = { type: 'unverified', id: '', verified: false };
      }
      received.push(entry);
      res.writeHead(answerWith(entry)).end();
    });
  });
  const receiverPort = await listen(receiver);
  standIn = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${receiverPort}/hook`,
    webhookSecret: SECRET,
    webhookEvents: [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'charge.refunded',
      'account.updated',
    ],
    retry: { baseDelayMs: 5, maxAttempts: 4 },
    quiet: true,
  });
  stripe = client(standIn.port);
});

afterAll(async () => {
  await standIn?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

beforeEach(() => {
  answerWith = () => 200;
});

const forIntent = (id: string) =>
  received.filter(
    (r) => r.verified && standIn.events().some((e) => e.id === r.id && (e.data.object as { id?: string }).id === id),
  );

describe('Stripe stand-in: payment intents', () => {
  it('charges the 4242 card and delivers a signed payment_intent.succeeded', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      metadata: { payment_id: 'pay-1' },
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 2500,
      currency: 'eur',
      metadata: { payment_id: 'pay-1' },
    });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    const confirmed = await stripe.paymentIntents.confirm(created.id, {
      payment_method: 'pm_card_visa',
      return_url: 'http://localhost/back',
    });
    expect(confirmed.status).toBe('succeeded');
    expect(confirmed.amount_received).toBe(2500);
    const charge = await stripe.charges.retrieve(confirmed.latest_charge as string);
    expect(charge).toMatchObject({
      status: 'succeeded',
      paid: true,
      amount: 2500,
      payment_intent: created.id,
      metadata: { payment_id: 'pay-1' },
    });
    await standIn.idle();
    expect(forIntent(created.id).map((r) => r.type)).toEqual(['payment_intent.succeeded']);
    // Only subscribed types are delivered; every event is still listed.
    const listed = await stripe.events.list({ type: 'payment_intent.*', limit: 100 });
    expect(
      listed.data
        .filter((e) => (e.data.object as { id: string }).id === created.id)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it('declines 4000000000000002 with a 402 card error and a payment_failed event', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const error = await stripe.paymentIntents
      .confirm(pi.id, {
        payment_method_data: {
          type: 'card',
          card: { number: '4000000000000002', exp_month: 12, exp_year: 2040, cvc: '123' },
        } as never,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError.statusCode).toBe(402);
    expect(cardError.code).toBe('card_declined');
    expect(cardError.decline_code).toBe('generic_decline');
    expect(cardError.message).toBe('Your card was declined.');
    expect((cardError.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    await standIn.idle();
    expect(forIntent(pi.id).map((r) => r.type)).toEqual(['payment_intent.payment_failed']);
    // A failed card can be replaced by another one on the same intent.
    expect((await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
  });

  it('sends 3-D Secure cards through the authorisation page back to the return_url', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 4990,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const pending = await stripe.paymentIntents.confirm(pi.id, {
      payment_method: 'pm_card_threeDSecure2Required',
      return_url: 'http://localhost:5173/payment?x=1',
    });
    expect(pending.status).toBe('requires_action');
    const redirect = pending.next_action?.redirect_to_url?.url as string;
    expect(redirect).toMatch(new RegExp(`^${standIn.url}/__authorize/${pi.id}\\?token=`));
    const html = await (await fetch(redirect)).text();
    expect(html).toContain('Authorisieren');
    expect(html).toContain('Ablehnen');
    expect(html).toContain('49,90');
    const token = new URL(redirect).searchParams.get('token') as string;
    const answer = await fetch(`${standIn.url}/__authorize/${pi.id}`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe('http://localhost:5173/payment');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      x: '1',
      payment_intent: pi.id,
      payment_intent_client_secret: pi.client_secret,
      redirect_status: 'succeeded',
    });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    // The page is single use.
    const again = await fetch(`${standIn.url}/__authorize/${pi.id}`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'decline' }),
      redirect: 'manual',
    });
    expect(again.status).toBe(409);
  });

  it('redirects bank methods (EPS) and fails the payment when the customer declines', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'eur',
      allowed_payment_method_types: ['eps', 'ideal', 'bancontact'],
    });
    const noName = await stripe.paymentIntents
      .confirm(pi.id, { payment_method_data: { type: 'eps' }, return_url: 'http://localhost/r' })
      .catch((e: unknown) => e);
    expect(noName).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'billing_details[name]',
    });
    const noReturn = await stripe.paymentIntents
      .confirm(pi.id, { payment_method_data: { type: 'eps', billing_details: { name: 'Anna' } } })
      .catch((e: unknown) => e);
    expect(noReturn).toMatchObject({ type: 'StripeInvalidRequestError', param: 'return_url' });
    const cardNotAllowed = await stripe.paymentIntents
      .confirm(pi.id, { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(cardNotAllowed).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_invalid_parameter',
    });
    const pending = await stripe.paymentIntents.confirm(pi.id, {
      payment_method_data: { type: 'eps', billing_details: { name: 'Anna' } },
      return_url: 'http://localhost/r',
    });
    expect(pending.status).toBe('requires_action');
    const redirect = new URL(pending.next_action?.redirect_to_url?.url as string);
    const answer = await fetch(`${standIn.url}${redirect.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ token: redirect.searchParams.get('token') as string, decision: 'decline' }),
      redirect: 'manual',
    });
    expect(new URL(answer.headers.get('location') as string).searchParams.get('redirect_status')).toBe('failed');
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_payment_attempt_failed');
  });

  it('redirects Klarna (billing e-mail and country required, only where Klarna serves) and succeeds on approval', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 4500,
      currency: 'eur',
      allowed_payment_method_types: ['klarna'],
    });
    const noEmail = await stripe.paymentIntents
      .confirm(pi.id, {
        payment_method_data: { type: 'klarna', billing_details: { address: { country: 'DE' } } },
        return_url: 'http://localhost/r',
      })
      .catch((e: unknown) => e);
    expect(noEmail).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'billing_details[email]',
    });
    const noCountry = await stripe.paymentIntents
      .confirm(pi.id, {
        payment_method_data: { type: 'klarna', billing_details: { email: 'a@b.example' } },
        return_url: 'http://localhost/r',
      })
      .catch((e: unknown) => e);
    expect(noCountry).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'billing_details[address][country]',
    });
    const elsewhere = await stripe.paymentIntents
      .confirm(pi.id, {
        payment_method_data: { type: 'klarna', billing_details: { email: 'a@b.example', address: { country: 'JP' } } },
        return_url: 'http://localhost/r',
      })
      .catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ type: 'StripeInvalidRequestError', param: 'billing_details[address][country]' });
    const pending = await stripe.paymentIntents.confirm(pi.id, {
      payment_method_data: { type: 'klarna', billing_details: { email: 'a@b.example', address: { country: 'DE' } } },
      return_url: 'http://localhost/r',
    });
    expect(pending.status).toBe('requires_action');
    const pm = await stripe.paymentMethods.retrieve(pending.payment_method as string);
    expect(pm).toMatchObject({ type: 'klarna', billing_details: { email: 'a@b.example', address: { country: 'DE' } } });
    const redirect = new URL(pending.next_action?.redirect_to_url?.url as string);
    const page = await fetch(`${standIn.url}${redirect.pathname}${redirect.search}`);
    expect(await page.text()).toContain('KLARNA');
    const answer = await fetch(`${standIn.url}${redirect.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ token: redirect.searchParams.get('token') as string, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(new URL(answer.headers.get('location') as string).searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('cancels an open intent and refuses to cancel a succeeded one', async () => {
    const open = await stripe.paymentIntents.create({
      amount: 800,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    expect((await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' })).status).toBe('canceled');
    const paid = await stripe.paymentIntents.create({
      amount: 800,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(paid.status).toBe('succeeded');
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    await expect(stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('validates like Stripe: unknown parameters, amounts, currency, unknown ids, API keys', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'eur', colour: 'blue' } as never),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    await expect(stripe.paymentIntents.create({ amount: 49, currency: 'eur' })).rejects.toMatchObject({
      code: 'amount_too_small',
    });
    await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd' })).rejects.toMatchObject({
      param: 'currency',
    });
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'eur', allowed_payment_method_types: ['sofort'] }),
    ).rejects.toMatchObject({ param: 'allowed_payment_method_types' });
    // This API version has no `payment_method_types` parameter any more (stripe-node 23 changelog).
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: 'eur', payment_method_types: ['card'] } as never),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(client(standIn.port, 'sk_test_wrong').paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(
      client(standIn.port, 'pk_test_local').paymentIntents.create({ amount: 1000, currency: 'eur' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
    await expect(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424241', exp_month: 1, exp_year: 2040 },
      } as never),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'incorrect_number' });
  });
});

describe('Stripe stand-in: idempotency', () => {
  it('replays the first answer for the same key and parameters, and refuses other parameters', async () => {
    const key = `test-${Date.now()}`;
    const first = await stripe.paymentIntents.create(
      { amount: 1500, currency: 'eur', metadata: { a: '1', b: '2' } },
      { idempotencyKey: key },
    );
    const replay = await stripe.paymentIntents.create(
      { amount: 1500, currency: 'eur', metadata: { b: '2', a: '1' } },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await stripe.paymentIntents
      .create({ amount: 1600, currency: 'eur' }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((other as Stripe.errors.StripeError).statusCode).toBe(400);
    // A card decline is a result like any other: replayed, not re-run.
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const declineKey = `${key}-decline`;
    const declined = await stripe.paymentIntents
      .confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: declineKey })
      .catch((e: unknown) => e);
    const again = await stripe.paymentIntents
      .confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: declineKey })
      .catch((e: unknown) => e);
    expect((again as Stripe.errors.StripeCardError).charge).toBe((declined as Stripe.errors.StripeCardError).charge);
  });
});

describe('Stripe stand-in: customers, saved cards, refunds', () => {
  it('deletes a customer like Stripe: its cards are detached, retrieve answers the stub, a second delete is a 404', async () => {
    const customer = await stripe.customers.create({ email: 'erika@example.com', metadata: { user_id: 'u-del' } });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(await stripe.customers.del(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    expect((await stripe.paymentMethods.retrieve(pm.id)).customer).toBeNull();
    const again = await stripe.customers.del(customer.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const listed = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' }).catch((e: unknown) => e);
    expect(listed).toMatchObject({ statusCode: 404 });
  });

  it('saves a card for a customer with setup_future_usage and lists it', async () => {
    const customer = await stripe.customers.create({ email: 'anna@example.com', metadata: { user_id: 'u-1' } });
    const pi = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      customer: customer.id,
      setup_future_usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_mastercard' });
    const cards = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(cards.data).toHaveLength(1);
    expect(cards.data[0]).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
    // The saved card pays again; a card used without a customer cannot be reused.
    const second = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      customer: customer.id,
      payment_method: cards.data[0]!.id,
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    expect(second.status).toBe('succeeded');
    const guestPi = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const guestPaid = await stripe.paymentIntents.confirm(guestPi.id, { payment_method: 'pm_card_visa' });
    const reuse = await stripe.paymentIntents
      .create({
        amount: 900,
        currency: 'eur',
        allowed_payment_method_types: ['card'],
        payment_method: guestPaid.payment_method as string,
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(reuse).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
  });

  it('refunds a succeeded intent once and delivers charge.refunded', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const refund = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `refund-${pi.id}` });
    expect(refund).toMatchObject({ object: 'refund', amount: 2500, status: 'succeeded', payment_intent: pi.id });
    const replay = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `refund-${pi.id}` });
    expect(replay.id).toBe(refund.id);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const charge = await stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2500 });
    const open = await stripe.paymentIntents.create({ amount: 2500, currency: 'eur' });
    await expect(stripe.refunds.create({ payment_intent: open.id })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    await standIn.idle();
    const refunded = received.filter(
      (r) =>
        r.type === 'charge.refunded' &&
        standIn
          .events()
          .find((e) => e.id === r.id && (e.data.object as { payment_intent?: string }).payment_intent === pi.id),
    );
    expect(refunded).toHaveLength(1);
  });

  it('refunds in parts up to the charge, and refuses refunds a test marked as failing until cleared', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 });
    expect(part.amount).toBe(1000);
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 2500 })).rejects.toMatchObject({
      param: 'amount',
    });
    const failing = (body: Record<string, unknown>) =>
      fetch(`${standIn.url}/__test/refund-failures`, { method: 'POST', body: JSON.stringify(body) });
    expect((await failing({ payment_intent: pi.id, message: 'Charge has been charged back.' })).status).toBe(200);
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 500 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_disputed',
      message: 'Charge has been charged back.',
    });
    await failing({ payment_intent: pi.id, clear: true });
    expect((await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 })).amount).toBe(2000);
    expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({
      refunded: true,
      amount_refunded: 3000,
    });
  });
});

describe('Stripe stand-in: Connect', () => {
  it('creates express accounts that need verification before transfers', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'AT',
      email: 'seller@example.com',
      capabilities: { transfers: { requested: true } },
    });
    expect(account).toMatchObject({
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: 'inactive' },
    });
    await expect(
      stripe.transfers.create({ amount: 1000, currency: 'eur', destination: account.id }),
    ).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
    const enabled = await fetch(`${standIn.url}/__test/accounts/${account.id}`, {
      method: 'POST',
      body: JSON.stringify({ payouts_enabled: true, charges_enabled: true }),
    });
    expect(enabled.status).toBe(200);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      payouts_enabled: true,
      charges_enabled: true,
      capabilities: { transfers: 'active' },
    });
    await fetch(`${standIn.url}/__test/balance`, { method: 'POST', body: JSON.stringify({ amount: 1000 }) });
    const transfer = await stripe.transfers.create({
      amount: 1000,
      currency: 'eur',
      destination: account.id,
      transfer_group: 'PR-2026-000001',
    });
    expect((await stripe.transfers.list({ transfer_group: 'PR-2026-000001' })).data.map((t) => t.id)).toEqual([
      transfer.id,
    ]);
    expect(transfer).toMatchObject({ object: 'transfer', amount: 1000, destination: account.id });
    expect((await stripe.transfers.list({ destination: account.id })).data.map((t) => t.id)).toEqual([transfer.id]);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://localhost/ok',
      refresh_url: 'http://localhost/again',
    });
    expect(link.url).toContain(`/__onboarding/${account.id}`);
    await standIn.idle();
    expect(received.some((r) => r.type === 'account.updated')).toBe(true);
  });
});

describe('Stripe stand-in: Connect onboarding, transfers, reversals, balance', () => {
  it('creates a company account with its bank account, onboards it on the page and signs account.updated', async () => {
    const account = await stripe.accounts.create(
      {
        type: 'express',
        country: 'AT',
        email: 'firma@example.com',
        business_type: 'company',
        company: { name: 'Therme Süd GmbH' },
        business_profile: { name: 'Therme Süd GmbH', url: 'https://therme.example' },
        external_account: {
          object: 'bank_account',
          country: 'AT',
          currency: 'eur',
          account_holder_name: 'Therme Süd GmbH',
          account_holder_type: 'company',
          account_number: 'AT611904300234573201',
        },
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: 'seller-1' },
      },
      { idempotencyKey: 'connect-account-seller-1' },
    );
    expect(account).toMatchObject({
      type: 'express',
      business_type: 'company',
      company: { name: 'Therme Süd GmbH' },
      business_profile: { url: 'https://therme.example' },
      metadata: { user_id: 'seller-1' },
      external_accounts: { data: [{ object: 'bank_account', last4: '3201', country: 'AT', currency: 'eur' }] },
    });
    // The same key and parameters replay the same account.
    const again = await stripe.accounts.create(
      {
        type: 'express',
        country: 'AT',
        email: 'firma@example.com',
        business_type: 'company',
        company: { name: 'Therme Süd GmbH' },
        business_profile: { name: 'Therme Süd GmbH', url: 'https://therme.example' },
        external_account: {
          object: 'bank_account',
          country: 'AT',
          currency: 'eur',
          account_holder_name: 'Therme Süd GmbH',
          account_holder_type: 'company',
          account_number: 'AT611904300234573201',
        },
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: 'seller-1' },
      },
      { idempotencyKey: 'connect-account-seller-1' },
    );
    expect(again.id).toBe(account.id);
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: 'http://localhost/back?stripe=return',
      refresh_url: 'http://localhost/again',
    });
    const page = await fetch(link.url);
    const html = await page.text();
    expect(html).toContain('Therme Süd GmbH');
    expect(html).toContain('>Abschließen</button>');
    const token = new URL(link.url).searchParams.get('token')!;
    const done = await fetch(`${standIn.url}/__onboarding/${account.id}`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost/back?stripe=return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
    });
    await standIn.idle();
    const updated = standIn
      .events()
      .filter((e) => e.type === 'account.updated' && (e.data.object as { id?: string }).id === account.id);
    expect(updated.at(-1)?.data.object).toMatchObject({ payouts_enabled: true, metadata: { user_id: 'seller-1' } });
    expect(received.some((r) => r.verified && r.id === updated.at(-1)?.id)).toBe(true);
    // A used link is gone.
    expect((await fetch(link.url)).status).toBe(404);
  });

  it('transfers with an idempotency key, reverses in parts and keeps the balance', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'AT',
      capabilities: { transfers: { requested: true } },
    });
    await fetch(`${standIn.url}/__test/accounts/${account.id}`, {
      method: 'POST',
      body: JSON.stringify({ payouts_enabled: true }),
    });
    await fetch(`${standIn.url}/__test/balance`, { method: 'POST', body: JSON.stringify({ amount: 2500 }) });
    const before = (await stripe.balance.retrieve()).available[0]!.amount;
    // More than the platform holds: refused like Stripe (400 balance_insufficient), nothing moves.
    await expect(
      stripe.transfers.create({ amount: before + 1, currency: 'eur', destination: account.id }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(before);
    const params = {
      amount: 2500,
      currency: 'eur',
      destination: account.id,
      metadata: { seller_id: 'seller-2', period: '2027-01' },
    };
    const transfer = await stripe.transfers.create(params, { idempotencyKey: 'payout-seller-2-2027-01' });
    const replay = await stripe.transfers.create(params, { idempotencyKey: 'payout-seller-2-2027-01' });
    expect(replay.id).toBe(transfer.id);
    expect(transfer).toMatchObject({
      amount: 2500,
      amount_reversed: 0,
      reversed: false,
      metadata: { period: '2027-01' },
    });
    expect((await stripe.balance.retrieve()).available[0]).toMatchObject({ amount: before - 2500, currency: 'eur' });

    const part = await stripe.transfers.createReversal(transfer.id, { amount: 1000 }, { idempotencyKey: 'rev-1' });
    expect(part).toMatchObject({ object: 'transfer_reversal', amount: 1000, transfer: transfer.id });
    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(1500);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 2500, reversed: true });
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 1 })).rejects.toMatchObject({
      code: 'transfer_reversal_exceeds_transfer',
    });
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(before);
    const topUp = await fetch(`${standIn.url}/__test/balance`, {
      method: 'POST',
      body: JSON.stringify({ amount: 10000 }),
    });
    expect(((await topUp.json()) as { available: { amount: number }[] }).available[0]!.amount).toBe(before + 10000);
  });
});

describe('Stripe stand-in: webhook delivery', () => {
  it('retries failed deliveries with backoff until the endpoint answers 2xx', async () => {
    let failures = 2;
    answerWith = (event) => (event.type === 'payment_intent.canceled' && failures-- > 0 ? 500 : 200);
    const pi = await stripe.paymentIntents.create({ amount: 700, currency: 'eur' });
    await stripe.paymentIntents.cancel(pi.id);
    await standIn.idle();
    const event = standIn
      .events()
      .find((e) => e.type === 'payment_intent.canceled' && (e.data.object as { id: string }).id === pi.id)!;
    expect(
      standIn
        .deliveries()
        .filter((d) => d.event_id === event.id)
        .map((d) => [d.attempt, d.status]),
    ).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it('redelivers an event N times concurrently on request, each signed', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    await standIn.idle();
    const event = standIn
      .events()
      .find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === pi.id)!;
    const before = received.length;
    const answer = await fetch(`${standIn.url}/__test/events/${event.id}/redeliver`, {
      method: 'POST',
      body: JSON.stringify({ count: 5 }),
    });
    expect(await answer.json()).toEqual({ statuses: [200, 200, 200, 200, 200] });
    expect(received.slice(before).filter((r) => r.id === event.id && r.verified)).toHaveLength(5);
  });
});

describe('Stripe stand-in: persistence', () => {
  it('keeps its state in dataDir across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gm-stripe-'));
    try {
      const first = await startStripeStandIn({ webhookSecret: SECRET, dataDir: dir, quiet: true });
      const pi = await client(first.port).paymentIntents.create(
        { amount: 1234, currency: 'eur' },
        { idempotencyKey: 'persisted-key' },
      );
      await first.stop();
      const second = await startStripeStandIn({ webhookSecret: SECRET, dataDir: dir, quiet: true });
      try {
        const sdk = client(second.port);
        expect((await sdk.paymentIntents.retrieve(pi.id)).amount).toBe(1234);
        expect(
          (await sdk.paymentIntents.create({ amount: 1234, currency: 'eur' }, { idempotencyKey: 'persisted-key' })).id,
        ).toBe(pi.id);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
