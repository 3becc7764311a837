import { describe, expect, it } from 'vitest';
import { canMove, PAYMENT_STATUSES, PREDECESSORS, shouldApply, type PaymentStatus } from './payment-status.ts';

describe('payment status moves', () => {
  it('never moves a succeeded payment back, only on to refunds', () => {
    const from: PaymentStatus = 'succeeded';
    expect(PAYMENT_STATUSES.filter((to) => canMove(from, to))).toEqual(['partially_refunded', 'refunded']);
  });

  it('keeps cancelled and fully refunded payments final', () => {
    for (const to of PAYMENT_STATUSES) {
      expect(canMove('canceled', to)).toBe(false);
      expect(canMove('refunded', to)).toBe(false);
    }
  });

  it('lets an open payment be paid again after a decline or a failed 3-D Secure', () => {
    expect(canMove('failed', 'succeeded')).toBe(true);
    expect(canMove('failed', 'requires_action')).toBe(true);
    expect(canMove('requires_action', 'failed')).toBe(true);
    expect(canMove('created', 'canceled')).toBe(true);
  });

  it('refunds only what was paid', () => {
    expect(canMove('created', 'refunded')).toBe(false);
    expect(canMove('failed', 'partially_refunded')).toBe(false);
    expect(canMove('partially_refunded', 'refunded')).toBe(true);
    expect(canMove('partially_refunded', 'partially_refunded')).toBe(true);
  });

  it('has no way back into created', () => {
    expect(PREDECESSORS.created).toEqual([]);
    for (const from of PAYMENT_STATUSES) expect(canMove(from, 'created')).toBe(false);
  });
});

describe('shouldApply', () => {
  const change = { status: 'succeeded' as const, paymentIntentId: 'pi_1', eventCreated: 100 };

  it('applies a forward move of the own intent', () => {
    expect(shouldApply({ status: 'created' }, change)).toBe(true);
    expect(shouldApply({ status: 'failed', stripe_payment_intent_id: 'pi_1', stripe_event_created: 90 }, change)).toBe(
      true,
    );
    expect(
      shouldApply({ status: 'requires_action', stripe_payment_intent_id: 'pi_1', stripe_event_created: 100 }, change),
    ).toBe(true);
  });

  it('ignores re-deliveries, older events and other intents', () => {
    expect(
      shouldApply({ status: 'succeeded', stripe_payment_intent_id: 'pi_1', stripe_event_created: 100 }, change),
    ).toBe(false);
    expect(shouldApply({ status: 'failed', stripe_payment_intent_id: 'pi_1', stripe_event_created: 101 }, change)).toBe(
      false,
    );
    expect(shouldApply({ status: 'created', stripe_payment_intent_id: 'pi_other' }, change)).toBe(false);
    expect(
      shouldApply(
        { status: 'succeeded', stripe_event_created: 50 },
        { status: 'failed', paymentIntentId: 'pi_1', eventCreated: 60 },
      ),
    ).toBe(false);
  });
});

describe('events of the same second', () => {
  const at = (status: PaymentStatus) => ({ status, stripe_payment_intent_id: 'pi_1', stripe_event_created: 100 });
  const change = (status: PaymentStatus) => ({ status, paymentIntentId: 'pi_1', eventCreated: 100 });

  it('keeps a failure when the requires_action or processing of its attempt arrives after it', () => {
    expect(shouldApply(at('failed'), change('requires_action'))).toBe(false);
    expect(shouldApply(at('failed'), change('processing'))).toBe(false);
    expect(shouldApply(at('processing'), change('requires_action'))).toBe(false);
  });

  it('still moves forward within the second, and a retry after a decline may succeed', () => {
    expect(shouldApply(at('created'), change('requires_action'))).toBe(true);
    expect(shouldApply(at('requires_action'), change('failed'))).toBe(true);
    expect(shouldApply(at('failed'), change('succeeded'))).toBe(true);
    expect(shouldApply(at('partially_refunded'), change('partially_refunded'))).toBe(true);
  });

  it('lets a later second re-open a failed payment for another attempt', () => {
    expect(shouldApply(at('failed'), { ...change('requires_action'), eventCreated: 101 })).toBe(true);
  });
});
