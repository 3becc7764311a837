import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { userVoucherKeys, type UserVoucherPersonalisation } from './user-voucher-repository.ts';

/**
 * The personalise write on `USER_VOUCHER#<id>` (docs/data-model.md §5.4 "Personalise"): one
 * conditional UpdateItem — the caller still owns the voucher, it is active, and nobody saved since
 * the form was loaded (`version`). Kept apart from user-voucher-repository.ts, which issues vouchers.
 */
export type PersonalisationRepository = ReturnType<typeof createPersonalisationRepository>;

export function createPersonalisationRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Answers the new version, or undefined when a condition failed (owner, status or version changed). */
    async saveUserVoucherDesign(
      id: string,
      ownerUserId: string,
      expectedVersion: number,
      personalisation: UserVoucherPersonalisation,
    ): Promise<number | undefined> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userVoucherKeys.item(id),
            UpdateExpression: 'SET personalisation = :p, #version = :next',
            ConditionExpression: 'attribute_exists(PK) AND owner_user_id = :me AND #status = :active AND #version = :v',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: {
              ':p': personalisation,
              ':me': ownerUserId,
              ':active': 'active',
              ':v': expectedVersion,
              ':next': expectedVersion + 1,
            },
          }),
        );
        return expectedVersion + 1;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },
  };
}
