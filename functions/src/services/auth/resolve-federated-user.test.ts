import { describe, expect, it } from 'vitest';
import { FederatedSignInRefused, federatedSignIn, federatedUsername } from './resolve-federated-user.ts';

const identities = (providerName: string, userId = '1234567890') =>
  JSON.stringify([{ userId, providerName, providerType: providerName, issuer: null, primary: true, dateCreated: 1 }]);

describe('federatedSignIn', () => {
  it('is undefined for a password user (no identities attribute)', () => {
    expect(
      federatedSignIn({ sub: 's', email: 'buyer@example.com', email_verified: 'true', 'custom:user_id': 'u1' }),
    ).toBeUndefined();
  });

  it('reads provider, subject, the lower-cased e-mail, names and Google verification', () => {
    expect(
      federatedSignIn({
        identities: identities('Google', '117'),
        email: ' Anna@Gmail.COM ',
        email_verified: 'true',
        given_name: 'Anna',
        family_name: ' Berger ',
      }),
    ).toEqual({
      provider: 'Google',
      subject: '117',
      email: 'anna@gmail.com',
      emailTrust: 'verified',
      givenName: 'Anna',
      familyName: 'Berger',
    });
  });

  it('treats a missing or false flag as unverified, except for Facebook, which never sends one', () => {
    expect(federatedSignIn({ identities: identities('Google'), email: 'a@b.at' })?.emailTrust).toBe('unverified');
    expect(
      federatedSignIn({ identities: identities('Google'), email: 'a@b.at', email_verified: 'false' })?.emailTrust,
    ).toBe('unverified');
    expect(federatedSignIn({ identities: identities('Facebook'), email: 'a@b.at' })?.emailTrust).toBe('unconfirmed');
    expect(
      federatedSignIn({ identities: identities('Facebook'), email: 'a@b.at', email_verified: 'true' })?.emailTrust,
    ).toBe('verified');
  });

  it('refuses a federated sign-in without a usable e-mail or identity', () => {
    expect(() => federatedSignIn({ identities: identities('Facebook') })).toThrow(FederatedSignInRefused);
    expect(() => federatedSignIn({ identities: identities('Google'), email: 'not-an-address' })).toThrow(
      FederatedSignInRefused,
    );
    expect(() => federatedSignIn({ identities: '[]', email: 'a@b.at' })).toThrow(FederatedSignInRefused);
    expect(() => federatedSignIn({ identities: '{broken', email: 'a@b.at' })).toThrow(FederatedSignInRefused);
  });
});

describe('federatedUsername', () => {
  it("uses the e-mail's tidied local part with the suffix", () => {
    expect(federatedUsername('Anna.Buyer+shop@example.com', '3f9a')).toBe('anna.buyer-3f9a');
    expect(federatedUsername('müller_hans@example.com', 'abcd')).toBe('muller_hans-abcd');
  });

  it('falls back when nothing usable is left and stays within the username limit', () => {
    expect(federatedUsername('+++@example.com', 'abcd')).toBe('nutzer-abcd');
    const long = federatedUsername(`${'a'.repeat(80)}@example.com`, 'abcd');
    expect(long).toHaveLength(50);
    expect(long.endsWith('-abcd')).toBe(true);
  });
});
