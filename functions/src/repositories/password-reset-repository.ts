import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';

export type PasswordResetRecord = { user_id: string; email: string; expires_at: number };

export const passwordResetKeys = {
  reset: (tokenHash: string) => ({ PK: `RESET#${tokenHash}`, SK: 'RESET' }),
};

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

export function createPasswordResetRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async put(tokenHash: string, record: PasswordResetRecord): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...passwordResetKeys.reset(tokenHash), entity: 'PasswordReset', ...record, ttl: record.expires_at },
        }),
      );
    },

    async get(tokenHash: string): Promise<PasswordResetRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: passwordResetKeys.reset(tokenHash), ConsistentRead: true }),
      );
      return Item
        ? { user_id: Item.user_id as string, email: Item.email as string, expires_at: Item.expires_at as number }
        : undefined;
    },

    /** Consumes the token; false when another request consumed it first (single use). */
    async consume(tokenHash: string): Promise<boolean> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: passwordResetKeys.reset(tokenHash),
            ConditionExpression: 'attribute_exists(PK)',
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
