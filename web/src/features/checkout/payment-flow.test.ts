import { describe, expect, it } from 'vitest';
import { outcomeOf, waitForPayment } from './payment-flow.ts';

describe('payment outcome', () => {
  it('is completed only once the orders are completed', () => {
    expect(outcomeOf({ status: 'succeeded', completed: false })).toBeNull();
    expect(outcomeOf({ status: 'succeeded', completed: true })).toBe('completed');
    expect(outcomeOf({ status: 'failed', completed: false })).toBe('failed');
    expect(outcomeOf({ status: 'canceled', completed: false })).toBe('failed');
    expect(outcomeOf({ status: 'requires_action', completed: false })).toBeNull();
  });
});

describe('waitForPayment', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, sleep: async (ms: number) => void (t += ms) };
  };

  it('polls until the webhook completed the payment', async () => {
    const answers = [
      { status: 'processing' as const, completed: false },
      { status: 'succeeded' as const, completed: false },
      { status: 'succeeded' as const, completed: true },
    ];
    let calls = 0;
    const outcome = await waitForPayment(async () => answers[calls++]!, { ...clock(), intervalMs: 500 });
    expect(outcome).toBe('completed');
    expect(calls).toBe(3);
  });

  it('retries after a network error and stops at a 404', async () => {
    let calls = 0;
    const outcome = await waitForPayment(async () => {
      calls++;
      if (calls === 1) throw Object.assign(new Error('offline'), { status: 0 });
      throw Object.assign(new Error('not found'), { status: 404 });
    }, clock());
    expect(outcome).toBe('failed');
    expect(calls).toBe(2);
  });

  it('gives up after the timeout', async () => {
    const outcome = await waitForPayment(async () => ({ status: 'processing' as const, completed: false }), {
      ...clock(),
      intervalMs: 1000,
      timeoutMs: 3000,
    });
    expect(outcome).toBe('timeout');
  });
});
