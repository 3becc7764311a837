import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '@gm/shared/payments/payment-status';
import { recordPaymentStatus } from './record-payment-status.ts';

function refundEvent(): Stripe.Event {
  return {
    id: 'evt_refund',
    object: 'event',
    type: 'charge.refunded',
    created: 1_700_000_000,
    data: {
      object: {
        id: 'ch_1',
        object: 'charge',
        payment_intent: 'pi_1',
        refunded: true,
        amount_refunded: 2200,
        metadata: { payment_id: 'pay-1' },
      },
    },
  } as unknown as Stripe.Event;
}

function deps(status: PaymentStatus, outcomes: ('ignored' | 'applied')[] = ['ignored', 'ignored']) {
  const answers = [...outcomes];
  return {
    clock: () => new Date('2026-11-26T10:00:00Z'),
    paymentRecords: {
      applyStatusChange: async () => answers.shift() ?? 'ignored',
      get: async () => ({ id: 'pay-1', status }),
    },
  } as unknown as Parameters<typeof recordPaymentStatus>[0];
}

describe('recordPaymentStatus, a refund delivered out of order', () => {
  it('throws for a redelivery while the payment is still open, so the refund is not lost', async () => {
    await expect(recordPaymentStatus(deps('processing'), refundEvent())).rejects.toThrow(
      /before the payment succeeded/,
    );
  });

  it('applies the refund when the success landed between its write and the re-read (never lost, never thrown)', async () => {
    await expect(recordPaymentStatus(deps('succeeded', ['ignored', 'applied']), refundEvent())).resolves.toBe(
      'applied',
    );
  });

  it('acknowledges a refund that changes nothing on a payment already refunded', async () => {
    await expect(recordPaymentStatus(deps('refunded'), refundEvent())).resolves.toBe('ignored');
  });
});
