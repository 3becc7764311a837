import { DeleteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.ts';
import type { TransactionPart } from './transaction-part.ts';

/** A buyer's wishlist entry; the entry is keyed by the voucher, so adding twice is one item. */
export type WishlistRecord = { user_id: string; voucher_id: string; created_at: string };

export const wishlistKeys = {
  entry: (userId: string, voucherId: string) => ({ PK: `USER#${userId}`, SK: `WISH#${voucherId}` }),
  prefix: 'WISH#',
};

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;

export function createWishlistRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The user's entries, newest first (bounded: one user's wishlist). */
    async list(userId: string): Promise<WishlistRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': wishlistKeys.prefix },
        }),
      );
      return items
        .map((item) => ({
          user_id: userId,
          voucher_id: item.voucher_id as string,
          created_at: item.created_at as string,
        }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.voucher_id.localeCompare(b.voucher_id));
    },

    /** Idempotent: a second add keeps the first entry and its time. */
    async add(userId: string, voucherId: string, now: string): Promise<WishlistRecord> {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: wishlistKeys.entry(userId, voucherId),
          UpdateExpression: 'SET entity = :entity, voucher_id = :voucher, created_at = if_not_exists(created_at, :now)',
          ExpressionAttributeValues: { ':entity': 'WishlistEntry', ':voucher': voucherId, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return {
        user_id: userId,
        voucher_id: voucherId,
        created_at: (Attributes?.created_at as string | undefined) ?? now,
      };
    },

    /** Account deletion (issue 11): deletes of all the user's entries (idempotent parts). */
    async accountDeletionParts(userId: string): Promise<TransactionPart[]> {
      const entries = await this.list(userId);
      return entries.map((entry) => ({
        Delete: { TableName: tableName, Key: wishlistKeys.entry(userId, entry.voucher_id) },
      }));
    },

    /** Removes the entry if present; the key holds the owner, so nobody removes another user's entry. */
    async remove(userId: string, voucherId: string): Promise<boolean> {
      const { Attributes } = await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: wishlistKeys.entry(userId, voucherId),
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes !== undefined;
    },
  };
}
