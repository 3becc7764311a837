import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  effectiveSettings,
  overridesOf,
  sellerSettingsOverridesSchema,
  settingsSchema,
  type Settings,
} from './contracts.ts';

const global: Settings = {
  payout_schedule: 30,
  sales_commission_percentage: 7.5,
  sales_commission_euro: 250,
  subdomain_sales_commission_percentage: 2,
  subdomain_sales_commission_euro: 100,
  minimum_voucher_value: 1000,
};

describe('effectiveSettings', () => {
  it('uses the global settings when the seller has none', () => {
    expect(effectiveSettings(global, undefined)).toEqual(global);
    expect(effectiveSettings(global, {})).toEqual(global);
  });

  it("lets each of the seller's values override the global one, field by field", () => {
    const effective = effectiveSettings(global, {
      minimum_voucher_value: 0,
      sales_commission_percentage: 3,
      payout_schedule: null,
    });
    expect(effective).toEqual({ ...global, minimum_voucher_value: 0, sales_commission_percentage: 3 });
  });

  it('falls back to the code defaults without a global item, and for fields a partial global item lacks', () => {
    expect(effectiveSettings(undefined, undefined)).toEqual(DEFAULT_SETTINGS);
    expect(effectiveSettings({ minimum_voucher_value: 200 }, { payout_schedule: 7 })).toEqual({
      ...DEFAULT_SETTINGS,
      minimum_voucher_value: 200,
      payout_schedule: 7,
    });
  });

  it('has the defaults of the seller copy: 5 % + 5,00 €, subdomain 3 % + 3,00 €, every 14 days, minimum 5,00 €', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      payout_schedule: 14,
      sales_commission_percentage: 5,
      sales_commission_euro: 500,
      subdomain_sales_commission_percentage: 3,
      subdomain_sales_commission_euro: 300,
      minimum_voucher_value: 500,
    });
  });
});

describe('settings contracts', () => {
  it('keeps only numeric overrides', () => {
    expect(overridesOf({ minimum_voucher_value: 0, payout_schedule: null })).toEqual({ minimum_voucher_value: 0 });
    expect(overridesOf(undefined)).toEqual({});
  });

  it('rejects cents with decimals, more than two decimals of a percent and a zero payout schedule', () => {
    expect(settingsSchema.safeParse({ ...global, sales_commission_euro: 2.5 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...global, sales_commission_percentage: 5.125 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...global, sales_commission_percentage: 5.15 }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...global, payout_schedule: 0 }).success).toBe(false);
    expect(sellerSettingsOverridesSchema.parse({ minimum_voucher_value: null })).toEqual({
      minimum_voucher_value: null,
    });
  });
});
