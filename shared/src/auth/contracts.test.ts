import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { loginRequestSchema, registerBuyerRequestSchema } from './contracts.ts';

const valid = {
  username: 'anna',
  firstName: 'Anna',
  lastName: 'Muster',
  email: 'Anna@Example.com',
  password: 'Geheim123',
  confirmPassword: 'Geheim123',
  dataPrivacy: true,
  terms: '1',
};

describe('buyer registration contract', () => {
  it('accepts a complete form and lower-cases the e-mail', () => {
    const parsed = registerBuyerRequestSchema.parse(valid);
    expect(parsed.email).toBe('anna@example.com');
    expect(parsed.role_id).toBe(3);
    expect(parsed.terms).toBe(true);
  });

  it('answers each broken field with the spec’s German message', () => {
    const result = registerBuyerRequestSchema.safeParse({
      ...valid,
      email: 'nope',
      password: 'kurz',
      confirmPassword: 'kurz',
      username: '',
      dataPrivacy: false,
    });
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error!);
    expect(errors.email).toEqual(['Diese Emailadresse ist ungültig.']);
    expect(errors.password).toEqual(['Muss mindestens 8 Zeichen enthalten.']);
    expect(errors.username).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errors.dataPrivacy).toEqual(['Dieses Feld muss ausgefüllt werden']);
  });

  it('limits passwords to 16 characters and requires the confirmation to match', () => {
    const tooLong = registerBuyerRequestSchema.safeParse({
      ...valid,
      password: 'a'.repeat(17),
      confirmPassword: 'a'.repeat(17),
    });
    expect(toFieldErrors(tooLong.error!).password).toEqual(['Es dürfen maximal 16 Zeichen verwendet werden.']);
    const mismatch = registerBuyerRequestSchema.safeParse({ ...valid, confirmPassword: 'Anders123' });
    expect(toFieldErrors(mismatch.error!).confirmPassword).toEqual(['Passwort ist unterschiedlich']);
  });

  it('refuses other roles than buyer', () => {
    expect(registerBuyerRequestSchema.safeParse({ ...valid, role_id: 1 }).success).toBe(false);
  });
});

describe('login contract', () => {
  it('requires e-mail and password', () => {
    const errors = toFieldErrors(loginRequestSchema.safeParse({}).error!);
    expect(errors.email).toEqual(['Dieses Feld muss ausgefüllt werden']);
    expect(errors.password).toEqual(['Dieses Feld muss ausgefüllt werden']);
  });
});
