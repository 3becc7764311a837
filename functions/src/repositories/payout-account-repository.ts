import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from './transaction-part.ts';

/**
 * Where a seller's money goes (02 §3 "detail … iban, bic"). `payouts_enabled` stays false until the
 * product has checked the documents (`user/stipe-status` → isPayoutEnabled, later issue).
 */
export type PayoutAccountRecord = {
  seller_id: string;
  account_holder: string;
  /** Normalised: upper case, no spaces. */
  iban: string;
  bic: string;
  stripe_account_id: string | null;
  payouts_enabled: boolean;
  created_at: string;
  updated_at: string;
};

export const payoutAccountKeys = {
  item: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'PAYOUT_ACCOUNT' }),
};

export type PayoutAccountRepository = ReturnType<typeof createPayoutAccountRepository>;

export function createPayoutAccountRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** For the seller registration transaction: written once, never over an existing one. */
    createPart(record: PayoutAccountRecord): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: { ...payoutAccountKeys.item(record.seller_id), entity: 'PayoutAccount', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    deletePart(sellerId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: payoutAccountKeys.item(sellerId) } };
    },

    async get(sellerId: string): Promise<PayoutAccountRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: payoutAccountKeys.item(sellerId) }));
      if (!Item) return undefined;
      const { PK: _pk, SK: _sk, entity: _e, ...rest } = Item;
      return rest as PayoutAccountRecord;
    },
  };
}
