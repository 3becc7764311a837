import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

export type VerificationStatus = 'submitted' | 'verified' | 'rejected';

/**
 * A seller's owner data and ID documents (02 §2 'Überprüfung'). The documents are private-bucket
 * object keys, never URLs (docs/data-model.md §3 "Verification", §6).
 */
export type VerificationRecord = {
  seller_id: string;
  first_name: string;
  last_name: string;
  bday: string;
  id_front_key: string;
  id_back_key: string;
  id_additional_key: string | null;
  status: VerificationStatus;
  verified_at: string | null;
  verified_by: string | null;
  created_at: string;
  updated_at: string;
};

export const verificationKeys = {
  item: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'VERIFICATION' }),
};

/** Private-bucket key of an ID document: a new random part per upload (data-model §6). */
export function verificationDocumentKey(
  sellerId: string,
  side: 'front' | 'back' | 'additional',
  random: string,
  extension: 'jpg' | 'png',
): string {
  return `verification/${sellerId}/${side}-${random}.${extension}`;
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;

export function createVerificationRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** For the seller registration transaction: written once, never over an existing one. */
    createPart(record: VerificationRecord): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: { ...verificationKeys.item(record.seller_id), entity: 'Verification', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    deletePart(sellerId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: verificationKeys.item(sellerId) } };
    },

    async get(sellerId: string): Promise<VerificationRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: verificationKeys.item(sellerId) }));
      if (!Item) return undefined;
      return withoutKeys(Item) as VerificationRecord;
    },
  };
}
