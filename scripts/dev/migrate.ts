import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { employeeVoucherPartition } from '../../functions/src/repositories/voucher-repository.ts';
import { isConditionalCheckFailed } from '../../functions/src/repositories/transaction-errors.ts';

/** The one GSI2 partition that held every tourism account's employee vouchers before they were split per account. */
const LEGACY_EMPLOYEE_VOUCHERS = 'EMPLOYEE_VOUCHERS';

/**
 * Moves employee vouchers written before the per-account key (GSI2 `EMPLOYEE_VOUCHERS`) to their
 * tourism account's partition `TOURISM#<id>#EMPLOYEE_VOUCHERS`. Idempotent (conditioned on the old
 * key) and cheap when there is nothing to move: `npm start` runs it on every start of a kept `.data/`.
 * No deployed stage held the old key, so this is a local-data concern only.
 */
export async function migrateLocalData(db: DynamoDBDocumentClient, tableName: string): Promise<{ moved: number }> {
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': LEGACY_EMPLOYEE_VOUCHERS },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      if (typeof item.tourism_id !== 'string' || item.tourism_id === '') continue;
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI2PK = :pk',
            ConditionExpression: 'GSI2PK = :legacy',
            ExpressionAttributeValues: {
              ':pk': employeeVoucherPartition(item.tourism_id),
              ':legacy': LEGACY_EMPLOYEE_VOUCHERS,
            },
          }),
        );
        moved += 1;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { moved };
}
