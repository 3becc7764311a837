import { describe, expect, it } from 'vitest';
import { paymentStatusText } from './order-format.ts';

describe('paymentStatusText', () => {
  it('shows Stripe payment states in German and passes unknown ones through', () => {
    expect(paymentStatusText('succeeded')).toBe('bezahlt');
    expect(paymentStatusText('partially_refunded')).toBe('teilweise erstattet');
    expect(paymentStatusText('refunded')).toBe('erstattet');
    expect(paymentStatusText('something_new')).toBe('something_new');
  });
});
