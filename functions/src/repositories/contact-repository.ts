import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** A message from the imprint's contact form, kept one year (docs/data-model.md). */
export type ContactMessageRecord = {
  id: string;
  name: string;
  phone: string | null;
  email: string;
  message: string;
  consent_at: string;
  created_at: string;
};

export const CONTACT_KEEP_SECONDS = 365 * 24 * 60 * 60;

export const contactKeys = {
  message: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'CONTACT' }),
  feed: (createdAt: string, id: string) => ({ GSI1PK: 'CONTACTS', GSI1SK: `${createdAt}#${id}` }),
};

export type ContactRepository = ReturnType<typeof createContactRepository>;

export function createContactRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async put(record: ContactMessageRecord): Promise<void> {
      const ttl = Math.floor(Date.parse(record.created_at) / 1000) + CONTACT_KEEP_SECONDS;
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...contactKeys.message(record.id),
            ...contactKeys.feed(record.created_at, record.id),
            entity: 'ContactMessage',
            ...record,
            ttl,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },
  };
}
