import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { batchGetAll } from './batch-get.ts';

/** BatchGetItem beyond one request's 100 keys, with repeated and missing keys (DynamoDB Local). */
describe('batchGetAll', () => {
  it('answers 250 keys in their order, a repeated key twice and a missing one as undefined', async () => {
    const run = randomUUID();
    const keys = Array.from({ length: 240 }, (_, i) => ({ PK: `TEST#BATCH#${run}#${i}`, SK: 'ITEM' }));
    for (let i = 0; i < keys.length; i += 25)
      await documentClient().send(
        new BatchWriteCommand({
          RequestItems: {
            [env().TABLE_NAME]: keys.slice(i, i + 25).map((key, j) => ({ PutRequest: { Item: { ...key, n: i + j } } })),
          },
        }),
      );
    const missing = { PK: `TEST#BATCH#${run}#missing`, SK: 'ITEM' };
    const asked = [...keys.slice(0, 120).reverse(), missing, keys[5]!, ...keys.slice(120), keys[5]!];
    const items = await batchGetAll(documentClient(), env().TABLE_NAME, asked, true);
    expect(items).toHaveLength(asked.length);
    expect(items.map((item) => item?.n)).toEqual([
      ...Array.from({ length: 120 }, (_, i) => 119 - i),
      undefined,
      5,
      ...Array.from({ length: 120 }, (_, i) => 120 + i),
      5,
    ]);
  });
});
