import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { queryCount, queryCountUpTo, queryUpTo } from './query-all.ts';

/**
 * The shared COUNT loop against DynamoDB Local: `queryCount` to the end of a bounded range, and
 * `queryCountUpTo` within a budget of evaluated items — the total of a filtered growing list
 * (admin order search, expired vouchers) — whatever the filter matches; and `queryUpTo` with a
 * read bound (the admin order search's page).
 */
const pk = `TEST_COUNT#${randomUUID()}`;
const ROWS = 30;
/** Every third row matches the filter. */
const matches = (i: number) => i % 3 === 0;

let sent = 0;
function counting(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  return {
    send: (command: unknown) => {
      sent++;
      return db.send(command as QueryCommand);
    },
  } as unknown as DynamoDBDocumentClient;
}

const query = (filtered: boolean) =>
  new QueryCommand({
    TableName: env().TABLE_NAME,
    KeyConditionExpression: 'PK = :pk',
    ...(filtered ? { FilterExpression: 'hit = :yes' } : {}),
    ExpressionAttributeValues: { ':pk': pk, ...(filtered ? { ':yes': true } : {}) },
  });

beforeAll(async () => {
  const items = Array.from({ length: ROWS }, (_, i) => ({
    PK: pk,
    SK: String(i).padStart(3, '0'),
    hit: matches(i),
  }));
  for (let i = 0; i < items.length; i += 25) {
    await documentClient().send(
      new BatchWriteCommand({
        RequestItems: { [env().TABLE_NAME]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
});

describe('queryCount / queryCountUpTo', () => {
  it('counts a whole range, with and without a filter', async () => {
    expect(await queryCount(documentClient(), query(false))).toBe(ROWS);
    expect(await queryCount(documentClient(), query(true))).toBe(10);
  });

  it('stops after the budget of evaluated items: a lower bound, not the end', async () => {
    sent = 0;
    expect(await queryCountUpTo(counting(documentClient()), query(true), 12)).toEqual({ count: 4, ended: false });
    expect(sent).toBe(1);
    expect(await queryCountUpTo(documentClient(), query(false), 12)).toEqual({ count: 12, ended: false });
  });

  it('counts on from a start key and knows when the range ended within the budget', async () => {
    const start = { PK: pk, SK: '014' };
    // Rows 15..29: 15, 18, 21, 24, 27 match.
    expect(await queryCountUpTo(documentClient(), query(true), 100, start)).toEqual({ count: 5, ended: true });
    expect(await queryCountUpTo(documentClient(), query(true), 15, start)).toMatchObject({ count: 5 });
    expect(await queryCountUpTo(documentClient(), query(true), 6, start)).toEqual({ count: 2, ended: false });
  });
});

describe('queryUpTo with a read bound', () => {
  const keyOf = (item: Record<string, unknown>) => ({ PK: item.PK, SK: item.SK });
  const sks = (items: Record<string, unknown>[]) => items.map((item) => item.SK);

  it('stops after the budget with the rows found, cut, and a key that searches on', async () => {
    // Budget 8: rows 0..7 evaluated, 0, 3, 6 match.
    const first = await queryUpTo(documentClient(), query(true), 5, undefined, { maxEvaluated: 8, batch: 4, keyOf });
    expect(sks(first.items)).toEqual(['000', '003', '006']);
    expect(first.cut).toBe(true);
    expect(first.lastKey).toEqual({ PK: pk, SK: '007' });
    // On from there: 9, 12 fill the page of 2 (trimmed to the last row taken), not cut.
    const second = await queryUpTo(documentClient(), query(true), 2, first.lastKey, {
      maxEvaluated: 8,
      batch: 8,
      keyOf,
    });
    expect(sks(second.items)).toEqual(['009', '012']);
    expect(second.cut).toBeUndefined();
    expect(second.lastKey).toEqual({ PK: pk, SK: '012' });
  });

  it('is not cut when the range ends within the budget', async () => {
    const end = await queryUpTo(
      documentClient(),
      query(true),
      10,
      { PK: pk, SK: '020' },
      {
        maxEvaluated: 100,
        batch: 50,
        keyOf,
      },
    );
    expect(sks(end.items)).toEqual(['021', '024', '027']);
    expect(end).not.toHaveProperty('cut');
    expect(end).not.toHaveProperty('lastKey');
  });
});
