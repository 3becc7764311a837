import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { listCountKeys } from '../../functions/src/repositories/list-counts.ts';
import { aggregatesCaughtUp } from '../test/aggregates.ts';
import { backfillListCounts } from './backfill-list-counts.ts';

const db = () => documentClient();
const table = () => env().TABLE_NAME;

/** Rows of an era no aggregator counted: listed before `BEFORE`. */
const OLD = '2001-01-01T10:00:00.000Z';
const BEFORE = '2001-01-02T00:00:00.000Z';

async function counter(key: { PK: string; SK: string }, name: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return (Item?.[name] as number | undefined) ?? 0;
}

async function put(item: Record<string, unknown>) {
  await db().send(new PutCommand({ TableName: table(), Item: item }));
}

describe('scripts/migrate/backfill-list-counts', () => {
  it('adds the rows listed before the cutoff once; a dry run and a rerun add nothing', async () => {
    const seller = randomUUID();
    const admin = randomUUID();
    const target = randomUUID();
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      await put({
        PK: `REDEMPTION#${id}`,
        SK: 'REDEMPTION',
        GSI3PK: 'REDEMPTIONS',
        GSI3SK: `${OLD}#${id}`,
        kind: 'voucher',
        seller_id: seller,
        created_at: OLD,
        is_revoked: i === 0,
      });
    }
    for (const to of [target, target]) {
      const id = randomUUID();
      await put({
        PK: `AUDIT#${id}`,
        SK: 'AUDIT',
        GSI3PK: 'AUDIT',
        GSI3SK: `${OLD}#${id}`,
        actor_id: admin,
        target_id: to,
        at: OLD,
      });
    }
    // The stand-in's aggregator counts these inserts as it would count new rows: the back-fill is
    // compared by what it adds.
    await aggregatesCaughtUp();
    const read = async () => ({
      seller: await counter(listCountKeys.seller(seller), 'redemptions'),
      admin: await counter(listCountKeys.audit(admin), 'by_actor'),
      target: await counter(listCountKeys.audit(target), 'of_target'),
      platform: await counter(listCountKeys.platform, 'redemptions'),
    });
    const start = await read();

    const dry = await backfillListCounts(db(), table(), { before: BEFORE, dryRun: true });
    expect(dry.redemptions).toBeGreaterThanOrEqual(3);
    expect(dry.auditEntries).toBeGreaterThanOrEqual(2);
    expect(await read()).toEqual(start);

    const done = await backfillListCounts(db(), table(), { before: BEFORE, dryRun: false });
    expect(done.applied).toBeGreaterThanOrEqual(4);
    const after = await read();
    expect(after.seller - start.seller).toBe(3);
    expect(after.admin - start.admin).toBe(2);
    expect(after.target - start.target).toBe(2);
    expect(after.platform - start.platform).toBe(done.redemptions);

    const again = await backfillListCounts(db(), table(), { before: BEFORE, dryRun: false });
    expect(again).toMatchObject({ applied: 0 });
    expect(again.alreadyApplied).toBeGreaterThanOrEqual(4);
    expect(await read()).toEqual(after);
  });
});
