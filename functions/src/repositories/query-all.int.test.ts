import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { queryCount, queryCountUpTo } from './query-all.ts';

/**
 * The shared COUNT loop against DynamoDB Local: `queryCount` to the end of a bounded range, and
 * `queryCountUpTo` within a budget of evaluated items — the total of a filtered growing list
 * (admin order search, expired vouchers) — whatever the filter matches.
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
