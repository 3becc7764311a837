import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { userKeys, type UserRecord } from './user-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * A seller's scanner users (issue 6; docs/data-model.md §5.1 "Scanner staff"): the `User` profiles
 * with `role = scanner`, listed through GSI2 `SELLER#<sellerId>#SCANNERS` (written by the user
 * repository's create), and their `is_active` status.
 */
export type ScannerStaffRepository = ReturnType<typeof createScannerStaffRepository>;

export function createScannerStaffRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The seller's scanners (bounded), newest first. */
    async listBySeller(sellerId: string): Promise<UserRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': userKeys.scanners(sellerId) },
          ScanIndexForward: false,
        }),
      );
      return items.map((item) => withoutKeys(item) as UserRecord);
    },

    /**
     * Sets the status from `expected` to `active` (condition: a scanner of this seller whose status
     * is still `expected`; an absent status counts as active). False when the condition failed.
     */
    async setActive(id: string, sellerId: string, expected: boolean, active: boolean, at: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userKeys.profile(id),
            UpdateExpression: 'SET is_active = :active, updated_at = :at',
            ConditionExpression: `attribute_exists(PK) AND #role = :scanner AND seller_id = :seller AND ${expected ? '(attribute_not_exists(is_active) OR is_active = :true)' : 'is_active = :false'}`,
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: {
              ':active': active,
              ':at': at,
              ':scanner': 'scanner',
              ':seller': sellerId,
              ...(expected ? { ':true': true } : { ':false': false }),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
