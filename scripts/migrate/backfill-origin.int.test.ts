import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { userKeys } from '../../functions/src/repositories/user-repository.ts';
import { createTestAccount } from '../test/accounts.ts';
import { backfillOrigin } from './backfill-origin.ts';

const db = () => documentClient();
const table = () => env().TABLE_NAME;

/** Removes `origin` from a profile, as profiles made before issue 11 are stored. */
async function forgetOrigin(userId: string, asNull = false) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKeys.profile(userId),
      UpdateExpression: asNull ? 'SET origin = :null' : 'REMOVE origin',
      ...(asNull ? { ExpressionAttributeValues: { ':null': null } } : {}),
    }),
  );
}

async function originOf(userId: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.profile(userId), ConsistentRead: true }),
  );
  return Item?.origin as string | null | undefined;
}

describe('scripts/migrate/backfill-origin', () => {
  it('writes the origin only where it is missing, counts a dry run without writing, and is idempotent', async () => {
    const buyer = await createTestAccount('user');
    const social = await createTestAccount('user');
    const seller = await createTestAccount('seller');
    const partner = await createTestAccount('seller', { is_partner: true });
    const scanner = await createTestAccount('scanner', { seller_id: seller.userId });
    const admin = await createTestAccount('admin');
    const kept = await createTestAccount('user', { origin: 'facebook' });
    for (const account of [buyer, social, seller, partner, scanner]) await forgetOrigin(account.userId);
    await forgetOrigin(admin.userId, true);
    // The social account's identity item (as a first Google sign-in writes it).
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...userKeys.identity('Google', `sub-${randomUUID()}`), entity: 'Unique', user_id: social.userId },
      }),
    );

    const dry = await backfillOrigin(db(), table(), { dryRun: true });
    expect(dry.updated).toBeGreaterThanOrEqual(6);
    expect(dry.profiles).toBe(dry.updated + dry.alreadySet + dry.skipped);
    expect(await originOf(buyer.userId)).toBeUndefined();
    expect(await originOf(admin.userId)).toBeNull();

    const run = await backfillOrigin(db(), table(), { dryRun: false });
    expect(run.updated).toBe(dry.updated);
    expect(run.byOrigin).toEqual(dry.byOrigin);
    expect(await originOf(buyer.userId)).toBe('register');
    expect(await originOf(social.userId)).toBe('google');
    expect(await originOf(seller.userId)).toBe('seller_registration');
    expect(await originOf(partner.userId)).toBe('partner_registration');
    expect(await originOf(scanner.userId)).toBe('seller');
    expect(await originOf(admin.userId)).toBe('admin');
    expect(await originOf(kept.userId)).toBe('facebook');

    const again = await backfillOrigin(db(), table(), { dryRun: false });
    expect(again.updated).toBe(0);
    expect(again.alreadySet).toBe(again.profiles);
  });
});
