import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../adapters/stripe-payments.ts';
import { ConflictError } from '../../lib/errors.ts';
import { recordingMetrics, type Log, type LogFields } from '../telemetry.ts';
import { createPaymentEventRegistry } from './payment-events.ts';
import { receiveStripeEvent } from './receive-stripe-event.ts';

type Deps = Parameters<typeof receiveStripeEvent>[0];

/** The webhook's metrics and log lines, with fakes for Stripe and the event claims (no AWS). */
function setup(options: { verify?: 'ok' | 'bad-signature'; consumer?: () => Promise<void> } = {}) {
  const metrics = recordingMetrics();
  const lines: { level: string; message: string; fields?: LogFields }[] = [];
  const log: Log = {
    info: (message, fields) => void lines.push({ level: 'info', message, ...(fields ? { fields } : {}) }),
    warn: (message, fields) => void lines.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
    error: (message, fields) => void lines.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
  };
  const event = { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } };
  const deps = {
    metrics,
    log,
    payments: {
      verifyWebhook: async () => {
        if (options.verify === 'bad-signature') throw new WebhookSignatureError();
        return event;
      },
    },
    stripeEvents: {
      claim: async () => ({ outcome: 'claimed', token: 't' }),
      release: async () => undefined,
      complete: async () => undefined,
    },
    clock: () => new Date('2026-11-26T10:00:00Z'),
    newId: () => 'id-1',
  } as unknown as Deps;
  const registry = createPaymentEventRegistry([
    { name: 'test', types: ['payment_intent.succeeded'], handle: options.consumer ?? (async () => undefined) },
  ]);
  return { deps, registry, metrics, lines };
}

describe('Stripe webhook metrics', () => {
  it('counts a refused signature once, as a signature failure only', async () => {
    const { deps, registry, metrics, lines } = setup({ verify: 'bad-signature' });
    await expect(receiveStripeEvent(deps, '{}', 't=1,v1=forged', registry)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    expect(metrics.counts).toEqual({ WebhookSignatureFailures: 1 });
    expect(lines).toEqual([{ level: 'warn', message: 'stripe webhook signature refused' }]);
  });

  it('counts a failing consumer as a webhook failure and logs the event id', async () => {
    const outage = new Error('simulated outage');
    const { deps, registry, metrics, lines } = setup({ consumer: () => Promise.reject(outage) });
    await expect(receiveStripeEvent(deps, '{}', 'sig', registry)).rejects.toBe(outage);
    expect(metrics.counts).toEqual({ WebhookFailures: 1 });
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'stripe event failed',
        fields: { eventId: 'evt_1', type: 'payment_intent.succeeded', error: outage },
      },
    ]);
  });

  it("counts nothing for Stripe's normal retry (409) or a processed event", async () => {
    const busy = setup({ consumer: () => Promise.reject(new ConflictError('busy')) });
    await expect(receiveStripeEvent(busy.deps, '{}', 'sig', busy.registry)).rejects.toBeInstanceOf(ConflictError);
    expect(busy.metrics.counts).toEqual({});
    const ok = setup();
    await expect(receiveStripeEvent(ok.deps, '{}', 'sig', ok.registry)).resolves.toEqual({ received: true });
    expect(ok.metrics.counts).toEqual({});
    expect(ok.lines).toEqual([]);
  });
});
