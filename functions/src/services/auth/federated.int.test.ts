import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { MSG } from '@gm/shared/validation/messages';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createUserRepository, userKeys } from '../../repositories/user-repository.ts';
import { handler } from '../../triggers/pre-token-generation.ts';

/**
 * cognito-local has no identity federation, so these tests call the Cognito trigger the way Cognito
 * does (a synthetic V1 pre token generation event) against the real local table.
 */
type Provider = 'Google' | 'Facebook';

function signInEvent(options: {
  provider: Provider;
  subject?: string;
  email: string;
  emailVerified?: 'true' | 'false';
  givenName?: string;
  familyName?: string;
}): PreTokenGenerationTriggerEvent {
  const subject = options.subject ?? String(Math.floor(Math.random() * 1e15));
  const identities = [
    {
      userId: subject,
      providerName: options.provider,
      providerType: options.provider,
      issuer: null,
      primary: true,
      dateCreated: Date.now(),
    },
  ];
  const attributes: Record<string, string> = {
    sub: randomUUID(),
    'cognito:user_status': 'EXTERNAL_PROVIDER',
    identities: JSON.stringify(identities),
    email: options.email,
  };
  if (options.emailVerified) attributes.email_verified = options.emailVerified;
  if (options.givenName) attributes.given_name = options.givenName;
  if (options.familyName) attributes.family_name = options.familyName;
  return {
    version: '1',
    region: 'eu-central-1',
    userPoolId: env().COGNITO_USER_POOL_ID,
    userName: `${options.provider}_${subject}`,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: env().COGNITO_CLIENT_ID },
    triggerSource: 'TokenGeneration_HostedAuth',
    request: { userAttributes: attributes, groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] } },
    response: { claimsOverrideDetails: {} },
  };
}

const claimsOf = (event: PreTokenGenerationTriggerEvent) => ({
  userId: event.response.claimsOverrideDetails.claimsToAddOrOverride?.['custom:user_id'],
  groups: event.response.claimsOverrideDetails.groupOverrideDetails?.groupsToOverride,
});

const users = () => createUserRepository(documentClient(), env().TABLE_NAME);
const uniqueLocal = () => `flo.${randomUUID().slice(0, 8)}`;

describe('social sign-in (Cognito pre token generation trigger)', () => {
  it('creates exactly one buyer profile when two first sign-ins with the same identity race', async () => {
    const local = uniqueLocal();
    const email = `${local}@Gmail.example`;
    const subject = String(Date.now());
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        handler(
          signInEvent({
            provider: 'Google',
            subject,
            email,
            emailVerified: 'true',
            givenName: 'Florian',
            familyName: 'Egger',
          }),
        ),
      ),
    );
    const ids = new Set(results.map((r) => claimsOf(r).userId));
    expect(ids.size).toBe(1);
    const [userId] = [...ids];
    expect(userId).toEqual(expect.any(String));
    for (const r of results) expect(claimsOf(r).groups).toEqual(['user']);

    const repo = users();
    const profile = await repo.get(userId!);
    expect(profile).toMatchObject({
      email: email.toLowerCase(),
      role: 'user',
      origin: 'google',
      is_activated: true,
      first_name: 'Florian',
      last_name: 'Egger',
    });
    expect(profile!.username).toMatch(new RegExp(`^${local.replace('.', '\\.')}-[0-9a-f]{4}$`));
    expect(await repo.ownerOf('email', email)).toBe(userId);
    expect(await repo.ownerOf('username', profile!.username)).toBe(userId);
    expect(await repo.ownerOfIdentity('Google', subject)).toBe(userId);
    // No second profile anywhere: every buyer whose username starts with the e-mail's local part.
    const buyers = await repo.listByRole('user', local, 50);
    expect(buyers.filter((u) => u.email === email.toLowerCase())).toHaveLength(1);

    // The next sign-in finds the recorded identity.
    const again = await handler(signInEvent({ provider: 'Google', subject, email, emailVerified: 'true' }));
    expect(claimsOf(again)).toEqual({ userId, groups: ['user'] });

    // The address is taken for password registration as well.
    const register = await api('POST', 'auth/register', {
      body: {
        username: `x-${randomUUID().slice(0, 8)}`,
        firstName: 'A',
        lastName: 'B',
        email,
        password: 'Geheim123!',
        confirmPassword: 'Geheim123!',
        region_id: 2,
        dataPrivacy: true,
        terms: true,
      },
    });
    expect(register.status).toBe(422);
    expect(register.body.errors.email).toEqual([MSG.emailTaken]);
  });

  it("maps a verified e-mail of an existing password account to that account's id and role", async () => {
    const seller = await createTestAccount('seller');
    const subject = String(Date.now() + 1);
    const result = await handler(
      signInEvent({
        provider: 'Google',
        subject,
        email: seller.email.toUpperCase(),
        emailVerified: 'true',
        givenName: 'Other',
      }),
    );
    expect(claimsOf(result)).toEqual({ userId: seller.userId, groups: ['seller'] });
    expect(await users().ownerOfIdentity('Google', subject)).toBe(seller.userId);
    // The profile is untouched (no new names from the provider).
    expect((await users().get(seller.userId))?.first_name).toBe('Test');
  });

  it('refuses an unverified e-mail, for an existing account and for a new one, and writes nothing', async () => {
    const buyer = await createTestAccount('user');
    const existingSubject = String(Date.now() + 2);
    await expect(
      handler(
        signInEvent({ provider: 'Google', subject: existingSubject, email: buyer.email, emailVerified: 'false' }),
      ),
    ).rejects.toThrow(/refused/);
    expect(await users().ownerOfIdentity('Google', existingSubject)).toBeUndefined();

    const email = `${uniqueLocal()}@gmail.example`;
    await expect(handler(signInEvent({ provider: 'Google', email }))).rejects.toThrow(/refused/);
    expect(await users().ownerOf('email', email)).toBeUndefined();
  });

  it('never links an address Facebook does not vouch for to an existing account, but lets it open a new one', async () => {
    const buyer = await createTestAccount('user');
    const subject = String(Date.now() + 3);
    await expect(handler(signInEvent({ provider: 'Facebook', subject, email: buyer.email }))).rejects.toThrow(
      /refused/,
    );
    expect(await users().ownerOfIdentity('Facebook', subject)).toBeUndefined();

    const email = `${uniqueLocal()}@facebook.example`;
    const created = await handler(signInEvent({ provider: 'Facebook', email, givenName: 'Lea' }));
    const { userId, groups } = claimsOf(created);
    expect(groups).toEqual(['user']);
    expect(await users().ownerOf('email', email)).toBe(userId);
  });

  it('leaves password sign-ins unchanged and reads nothing', async () => {
    const event: PreTokenGenerationTriggerEvent = {
      ...signInEvent({ provider: 'Google', email: 'x@example.com' }),
      userName: 'buyer@example.com',
      triggerSource: 'TokenGeneration_Authentication',
    };
    event.request.userAttributes = {
      sub: randomUUID(),
      email: 'buyer@example.com',
      email_verified: 'true',
      'custom:user_id': 'anna-buyer',
    };
    const result = await handler(event);
    expect(result.response).toEqual({ claimsOverrideDetails: {} });
  });

  it('refuses an identity whose profile has been deleted', async () => {
    const subject = String(Date.now() + 4);
    const email = `${uniqueLocal()}@gmail.example`;
    const first = await handler(signInEvent({ provider: 'Google', subject, email, emailVerified: 'true' }));
    const userId = claimsOf(first).userId!;
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: userKeys.profile(userId) }),
    );
    expect(Item).toBeDefined();
    await users().remove({ id: userId, email, username: Item!.username as string });
    await expect(handler(signInEvent({ provider: 'Google', subject, email, emailVerified: 'true' }))).rejects.toThrow(
      /no longer exists/,
    );
  });
});
