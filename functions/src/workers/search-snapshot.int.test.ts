import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { testVoucher } from '@gm/shared/catalogue/test-voucher';
import { grantsOf } from '../capabilities.ts';
import { routes } from '../routes.ts';
import { createLocalApi, type LocalApi } from '../../../scripts/dev/local-api.ts';
import { granted, needsOf } from '../../../scripts/dev/capability-guard.ts';
import { createTestAccount, type TestAccount } from '../../../scripts/test/accounts.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { createVoucherRepository, voucherKeys } from '../repositories/voucher-repository.ts';
import { handler } from './search-snapshot.ts';

/**
 * The stream path of the search snapshot (issue 15): a catalogue change is not searchable until the
 * snapshot worker has run on the change's stream record, and then it is, through the real search
 * route. This file runs its own local API without the local shortcut that rebuilds the snapshot
 * before each search (scripts/dev/search-snapshot-sync.ts), so only the worker can publish the change.
 */
const run = randomUUID().slice(0, 6);
const tag = `snapz${run}`;
const callLog = join(tmpdir(), `search-snapshot-calls-${run}.jsonl`);
let ownApi: LocalApi;
let seller: TestAccount;

/** A listed wellness voucher of 50,00 € whose title and description carry this run's tag. */
function voucher(id: string, overrides: Partial<Voucher> = {}): Voucher {
  return testVoucher(id, seller.userId, {
    title: `Gutschein ${tag}`,
    description: `Neu bei ${tag}`,
    qty_val: 5000,
    price_filter: 5000,
    voucher_category_id: 'cat-wellness',
    category: { id: 'cat-wellness', name: 'Wellness', slug: 'wellness' },
    season: 'Sommer',
    seller: { id: seller.userId, username: `v-${run}`, company: null },
    valid_day: [],
    months: [],
    valid_date: [],
    ...overrides,
  });
}

/** The stream record DynamoDB writes for a change of one catalogue entry (keys only: the worker needs no more). */
function streamEvent(id: string, eventName: 'INSERT' | 'MODIFY' | 'REMOVE'): DynamoDBStreamEvent {
  const key = voucherKeys.catalogue(id);
  return {
    Records: [
      {
        eventName,
        eventSource: 'aws:dynamodb',
        dynamodb: {
          Keys: { PK: { S: key.PK }, SK: { S: key.SK } },
          ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
        },
      },
    ],
  };
}

async function search(keyword: string): Promise<string[]> {
  const response = await fetch(`${ownApi.url}voucher/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword, paginate: 50 }),
  });
  const body = (await response.json()) as { data: { id: string; title: string }[] };
  expect(response.status).toBe(200);
  return body.data.map((v) => `${v.id}:${v.title}`);
}

/** Waits a second: stream records carry whole seconds, and the worker skips what an older-second read covered. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

beforeAll(async () => {
  seller = await createTestAccount('seller');
  process.env.GM_SDK_CALL_LOG = callLog;
  ownApi = await createLocalApi({ port: 0, quiet: true, capabilities: 'enforce' });
  delete process.env.GM_SDK_CALL_LOG;
  // A first snapshot, so the steps below each start from a published one.
  await handler(streamEvent(`${tag}-start`, 'INSERT'));
});

afterAll(async () => {
  await ownApi?.close();
  rmSync(callLog, { force: true });
});

describe('search snapshot worker', () => {
  it('publishes a create, an edit and a deactivation only when it has run', async () => {
    const vouchers = createVoucherRepository(documentClient(), env().TABLE_NAME);
    const id = `${tag}-v1`;

    await nextSecond();
    await vouchers.put(voucher(id));
    expect(await search(tag)).toEqual([]);
    await expect(handler(streamEvent(id, 'INSERT'))).resolves.toMatchObject({ rebuilt: true });
    expect(await search(tag)).toEqual([`${id}:Gutschein ${tag}`]);

    await nextSecond();
    await vouchers.put(voucher(id, { title: `Neuer Titel ${tag}` }));
    expect(await search(tag)).toEqual([`${id}:Gutschein ${tag}`]);
    await handler(streamEvent(id, 'MODIFY'));
    expect(await search(tag)).toEqual([`${id}:Neuer Titel ${tag}`]);

    await nextSecond();
    await vouchers.put(voucher(id, { title: `Neuer Titel ${tag}`, is_active: false }));
    expect(await search(tag)).toHaveLength(1);
    await handler(streamEvent(id, 'MODIFY'));
    expect(await search(tag)).toEqual([]);
  });

  it('skips a batch the current snapshot already covers', async () => {
    const old = streamEvent(`${tag}-v1`, 'MODIFY');
    await nextSecond();
    await handler(streamEvent(`${tag}-v1`, 'MODIFY'));
    await expect(handler(old)).resolves.toEqual({ rebuilt: false });
  });

  it('answers the search without reading the catalogue projection', () => {
    const calls = readFileSync(callLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { route: string; command: string; needs: { partition?: string }[] })
      .filter((call) => call.route === 'POST voucher/search');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((c) => c.command)).not.toContain('QueryCommand');
    expect(calls.flatMap((c) => c.needs.map((n) => n.partition))).not.toContain('CATALOGUE');

    // And the route's declaration would refuse it: IAM on AWS, the capability guard locally.
    const searchRoute = routes.find((r) => r.method === 'POST' && r.path === 'voucher/search');
    const query = needsOf(
      {
        service: 'dynamodb',
        command: 'QueryCommand',
        input: { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'CATALOGUE' } },
      },
      {},
    );
    expect(query.every((need) => granted(need, grantsOf(searchRoute?.uses ?? [])))).toBe(false);
  });
});
