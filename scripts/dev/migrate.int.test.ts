import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { migrateLocalData } from './migrate.ts';

describe('migrateLocalData', () => {
  it('moves a legacy employee voucher to its tourism account’s partition, once', async () => {
    const db = documentClient();
    const id = randomUUID();
    const tourismId = randomUUID();
    const key = { PK: `VOUCHER#${id}`, SK: 'VOUCHER' };
    await db.send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { ...key, GSI2PK: 'EMPLOYEE_VOUCHERS', GSI2SK: `2026-01-01T00:00:00.000Z#${id}`, tourism_id: tourismId },
      }),
    );
    expect((await migrateLocalData(db, env().TABLE_NAME)).moved).toBeGreaterThanOrEqual(1);
    const { Item } = await db.send(new GetCommand({ TableName: env().TABLE_NAME, Key: key }));
    expect(Item?.GSI2PK).toBe(`TOURISM#${tourismId}#EMPLOYEE_VOUCHERS`);
    expect(await migrateLocalData(db, env().TABLE_NAME)).toEqual({ moved: 0 });
  });
});
