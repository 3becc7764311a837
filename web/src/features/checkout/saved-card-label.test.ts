import { describe, expect, it } from 'vitest';
import { savedCardLabel } from './components/saved-card-choice.tsx';

describe('savedCardLabel', () => {
  it('names the brand, the last four digits and the expiry as MM/JJ', () => {
    expect(savedCardLabel({ brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2031 })).toBe(
      'Visa •••• 4242, gültig bis 03/31',
    );
    expect(savedCardLabel({ brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2029 })).toBe(
      'Mastercard •••• 4444, gültig bis 11/29',
    );
    expect(savedCardLabel({ brand: 'discover', last4: '0000', exp_month: 1, exp_year: 2030 })).toBe(
      'Discover •••• 0000, gültig bis 01/30',
    );
  });
});
