import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import type { UserVoucherPersonalisation } from './user-voucher-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `BUYER_VOUCHER#<id>` / `BUYER_VOUCHER` (docs/data-model.md "BuyerVoucher"): a gift voucher a buyer
 * wrote and designed. GSI1 `USER#<ownerId>#BUYER_VOUCHERS` / `<created_at>#<id>` is the owner's list
 * (/wallet/vouchers); a transfer moves `owner_user_id` and GSI1PK together.
 */
export type BuyerVoucherRecord = {
  id: string;
  /** Who designed it ("from" in 01 §3). */
  creator_user_id: string;
  owner_user_id: string;
  /** The giver's name as printed on the voucher. */
  from_name: string;
  title: string;
  description: string | null;
  /** The design, the same shape as a user voucher's (price_hidden always true: there is no price). */
  personalisation: UserVoucherPersonalisation;
  /** The open share link (TRANSFER#<code>), if any. */
  transfer_code?: string;
  created_at: string;
  updated_at: string;
  version: number;
};

export type BuyerVoucherChanges = Pick<
  BuyerVoucherRecord,
  'from_name' | 'title' | 'description' | 'personalisation' | 'updated_at'
>;

export const buyerVoucherKeys = {
  item: (id: string) => ({ PK: `BUYER_VOUCHER#${id}`, SK: 'BUYER_VOUCHER' }),
  /** GSI1: the owner's buyer-designed vouchers. */
  owner: (userId: string) => `USER#${userId}#BUYER_VOUCHERS`,
};

export type BuyerVoucherRepository = ReturnType<typeof createBuyerVoucherRepository>;

export function createBuyerVoucherRepository(db: DynamoDBDocumentClient, tableName: string) {
  const strip = (item: Record<string, unknown>): BuyerVoucherRecord => withoutKeys(item) as BuyerVoucherRecord;

  return {
    async get(id: string): Promise<BuyerVoucherRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: buyerVoucherKeys.item(id), ConsistentRead: true }),
      );
      return Item ? strip(Item) : undefined;
    },

    /** Puts a new voucher; false when the id is taken. */
    async create(record: BuyerVoucherRecord): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...buyerVoucherKeys.item(record.id),
              GSI1PK: buyerVoucherKeys.owner(record.owner_user_id),
              GSI1SK: `${record.created_at}#${record.id}`,
              entity: 'BuyerVoucher',
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** Updates texts and design if the caller owns it at `expectedVersion`; answers the new version or undefined. */
    async update(
      id: string,
      ownerUserId: string,
      expectedVersion: number,
      changes: BuyerVoucherChanges,
    ): Promise<number | undefined> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: buyerVoucherKeys.item(id),
            UpdateExpression:
              'SET from_name = :from, title = :title, description = :description, personalisation = :p, updated_at = :now, #version = :next',
            ConditionExpression: 'attribute_exists(PK) AND owner_user_id = :me AND #version = :v',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':from': changes.from_name,
              ':title': changes.title,
              ':description': changes.description,
              ':p': changes.personalisation,
              ':now': changes.updated_at,
              ':me': ownerUserId,
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

    /** Account deletion (issue 11): an owner's buyer-designed voucher has no value and goes with the account. */
    deletePart(id: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: buyerVoucherKeys.item(id) } };
    },

    /** The owner's buyer-designed vouchers (bounded partition), newest first. */
    async listByOwner(userId: string): Promise<BuyerVoucherRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': buyerVoucherKeys.owner(userId) },
          ScanIndexForward: false,
        }),
      );
      return items.map(strip);
    },
  };
}
