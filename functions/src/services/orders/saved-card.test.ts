import { describe, expect, it } from 'vitest';
import { savedCardView } from './saved-card.ts';
import { inShop } from './search-orders.ts';

const record = {
  user_id: 'u1',
  stripe_customer_id: 'cus_1',
  default_payment_method_id: 'pm_1',
  card_brand: 'visa',
  card_last4: '4242',
  card_exp_month: 12,
  card_exp_year: 2030,
  is_save: true,
  created_at: '2026-11-26T00:00:00Z',
  updated_at: '2026-11-26T00:00:00Z',
};

describe('savedCardView', () => {
  it('shows the saved card, and nothing for a customer without one or a removed card', () => {
    expect(savedCardView(record)).toEqual({
      is_save: true,
      card: { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });
    expect(savedCardView(undefined)).toEqual({ is_save: false, card: null });
    expect(savedCardView({ ...record, is_save: false })).toEqual({ is_save: false, card: null });
    expect(savedCardView({ ...record, default_payment_method_id: null })).toEqual({ is_save: false, card: null });
  });
});

describe('inShop', () => {
  it('keeps every line on the marketplace and only the shop’s own lines on a tenant shop', () => {
    expect(inShop({ subdomain: null }, undefined)).toBe(true);
    expect(inShop({ subdomain: 'alpenspa' }, null)).toBe(true);
    expect(inShop({ subdomain: 'alpenspa' }, 'AlpenSpa')).toBe(true);
    expect(inShop({ subdomain: null }, 'alpenspa')).toBe(false);
    expect(inShop({ subdomain: 'other' }, 'alpenspa')).toBe(false);
  });
});
