import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { SUBDOMAIN_TEXT } from '../tenant/reserved.ts';
import { globalSettingsRequestSchema, subdomainUpdateSchema } from './platform.ts';

const nameError = (name: unknown) => {
  const parsed = subdomainUpdateSchema.safeParse({ name });
  return parsed.success ? undefined : toFieldErrors(parsed.error).name?.[0];
};

describe('subdomain names', () => {
  it('accepts DNS labels and lower-cases them', () => {
    expect(subdomainUpdateSchema.parse({ name: ' Mein-Shop2 ' })).toEqual({ name: 'mein-shop2' });
  });
  it('reads an empty or missing name as removal', () => {
    expect(subdomainUpdateSchema.parse({ name: '' })).toEqual({ name: null });
    expect(subdomainUpdateSchema.parse({})).toEqual({ name: null });
    expect(subdomainUpdateSchema.parse({ name: null })).toEqual({ name: null });
  });
  it('refuses bad labels with German messages', () => {
    expect(nameError('ab')).toBe(SUBDOMAIN_TEXT.length);
    expect(nameError('a'.repeat(64))).toBe(SUBDOMAIN_TEXT.length);
    expect(nameError('-shop')).toBe(SUBDOMAIN_TEXT.invalid);
    expect(nameError('shop-')).toBe(SUBDOMAIN_TEXT.invalid);
    expect(nameError('mein_shop')).toBe(SUBDOMAIN_TEXT.invalid);
    expect(nameError('müller')).toBe(SUBDOMAIN_TEXT.invalid);
    expect(nameError('www')).toBe(SUBDOMAIN_TEXT.reserved);
    expect(nameError('Admin')).toBe(SUBDOMAIN_TEXT.reserved);
    expect(nameError('a'.repeat(63))).toBeUndefined();
  });
});

describe('settings request', () => {
  it('requires all six fields in German', () => {
    const parsed = globalSettingsRequestSchema.safeParse({});
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : toFieldErrors(parsed.error);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'minimum_voucher_value',
        'payout_schedule',
        'sales_commission_euro',
        'sales_commission_percentage',
        'subdomain_sales_commission_euro',
        'subdomain_sales_commission_percentage',
      ].sort(),
    );
    expect(errors.payout_schedule).toEqual(['Dieses Feld muss ausgefüllt werden']);
  });
});
