import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createPaymentEventRegistry, paymentEvents } from './payment-events.ts';
import { statusChangeOf } from './record-payment-status.ts';

const event = (type: string, object: Record<string, unknown>, created = 1000) =>
  ({ id: `evt_${type}`, object: 'event', type, created, data: { object } }) as unknown as Stripe.Event;

describe('statusChangeOf', () => {
  it('reads the payment id and the new status off PaymentIntent events', () => {
    const pi = { id: 'pi_1', metadata: { payment_id: 'pay-1' }, amount_received: 2500, last_payment_error: null };
    expect(statusChangeOf(event('payment_intent.succeeded', pi))).toEqual({
      eventId: 'evt_payment_intent.succeeded',
      eventCreated: 1000,
      paymentId: 'pay-1',
      paymentIntentId: 'pi_1',
      status: 'succeeded',
      amountReceivedCents: 2500,
    });
    expect(statusChangeOf(event('payment_intent.canceled', pi))?.status).toBe('canceled');
    expect(statusChangeOf(event('payment_intent.requires_action', pi))?.status).toBe('requires_action');
    expect(statusChangeOf(event('payment_intent.processing', pi))?.status).toBe('processing');
  });

  it('keeps the decline reason of a failed payment', () => {
    const pi = {
      id: 'pi_1',
      metadata: { payment_id: 'pay-1' },
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    };
    expect(statusChangeOf(event('payment_intent.payment_failed', pi))).toMatchObject({
      status: 'failed',
      failure: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
  });

  it('tells full from partial refunds', () => {
    const charge = {
      id: 'ch_1',
      payment_intent: 'pi_1',
      metadata: { payment_id: 'pay-1' },
      amount_refunded: 500,
      refunded: false,
    };
    expect(statusChangeOf(event('charge.refunded', charge))).toMatchObject({
      paymentId: 'pay-1',
      paymentIntentId: 'pi_1',
      status: 'partially_refunded',
      amountRefundedCents: 500,
    });
    expect(statusChangeOf(event('charge.refunded', { ...charge, amount_refunded: 2500, refunded: true }))?.status).toBe(
      'refunded',
    );
    expect(statusChangeOf(event('charge.refunded', { ...charge, payment_intent: null }))).toBeUndefined();
  });

  it('ignores other events and intents without our payment id', () => {
    expect(statusChangeOf(event('customer.created', { id: 'cus_1' }))).toBeUndefined();
    expect(statusChangeOf(event('payment_intent.succeeded', { id: 'pi_2', metadata: {} }))?.paymentId).toBeUndefined();
  });
});

describe('payment event registry', () => {
  it('runs every consumer of a type in order, and nothing for other types', async () => {
    const ran: string[] = [];
    const registry = createPaymentEventRegistry([
      { name: 'a', types: ['payment_intent.succeeded', 'charge.refunded'], handle: async () => ran.push('a') },
      { name: 'b', types: ['payment_intent.succeeded'], handle: async () => ran.push('b') },
    ]);
    const deps = {} as never;
    await registry.dispatch(deps, event('payment_intent.succeeded', {}));
    await registry.dispatch(deps, event('charge.refunded', {}));
    await registry.dispatch(deps, event('customer.created', {}));
    expect(ran).toEqual(['a', 'b', 'a']);
    expect(registry.types()).toEqual(['payment_intent.succeeded', 'charge.refunded']);
    expect(registry.handles('customer.created')).toBe(false);
  });

  it('subscribes the product to the status events and the Connect account status', () => {
    expect(paymentEvents.types().sort()).toEqual(
      [
        'account.updated',
        'charge.refunded',
        'payment_intent.canceled',
        'payment_intent.payment_failed',
        'payment_intent.processing',
        'payment_intent.requires_action',
        'payment_intent.succeeded',
      ].sort(),
    );
  });
});
