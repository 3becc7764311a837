import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerBuyerRequestSchema } from '@gm/shared/auth/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { failingFieldLabels, splitKnownErrors, validateForm } from './form.ts';

describe('validateForm', () => {
  it('returns parsed data when valid', () => {
    const result = validateForm(loginRequestSchema, { email: ' Anna@Example.test ', password: 'secret' });
    expect(result).toEqual({ ok: true, data: { email: 'anna@example.test', password: 'secret' } });
  });

  it('returns the shared German messages per field', () => {
    const result = validateForm(loginRequestSchema, { email: 'nope', password: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ email: MSG.email, password: MSG.required });
  });

  it('reports the password mismatch on the confirmation field', () => {
    const result = validateForm(registerBuyerRequestSchema, {
      username: 'anna',
      firstName: 'Anna',
      lastName: 'Berger',
      email: 'anna@example.test',
      password: 'geheim123',
      confirmPassword: 'geheim124',
      dataPrivacy: true,
      terms: true,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ confirmPassword: MSG.passwordMismatch });
  });
});

describe('failingFieldLabels', () => {
  it('lists labels of failing fields in form order', () => {
    const labels = { username: 'Benutzername', email: 'E-Mail', terms: 'AGB' };
    expect(failingFieldLabels({ terms: 'x', username: 'y', other: 'z' }, labels)).toEqual(['Benutzername', 'AGB']);
  });
});

describe('splitKnownErrors', () => {
  it('separates errors of fields the form does not show', () => {
    expect(splitKnownErrors({ email: 'a', _: 'b', role_id: 'c' }, ['email'])).toEqual({
      known: { email: 'a' },
      other: ['b', 'c'],
    });
  });
});
