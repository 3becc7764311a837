import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Template } from '@gm/shared/templates/contracts';
import { queryAll } from './query-all.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

/** A template record: the API shape plus bookkeeping. `status` false = deleted (kept for vouchers that use it). */
export type TemplateRecord = Template & { updated_at: string; deleted_at?: string | null };

export const templateKeys = {
  template: (id: string) => ({ PK: 'TEMPLATE', SK: `TEMPLATE#${id}` }),
};

export function toTemplate(record: TemplateRecord): Template {
  return {
    id: record.id,
    name: record.name,
    image: record.image,
    status: record.status,
    created_at: record.created_at,
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;

export function createTemplateRepository(db: DynamoDBDocumentClient, tableName: string) {
  const strip = (item: Record<string, unknown>): TemplateRecord => withoutKeys(item) as TemplateRecord;
  return {
    /** Every template, deleted ones included (one small partition). */
    async listAll(): Promise<TemplateRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': 'TEMPLATE' },
        }),
      );
      return items.map(strip);
    },

    async get(id: string): Promise<TemplateRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: templateKeys.template(id), ConsistentRead: true }),
      );
      return Item ? strip(Item) : undefined;
    },

    async create(record: TemplateRecord): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...templateKeys.template(record.id), entity: 'Template', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },

    /** Seeds and imports: overwrites. */
    async put(record: TemplateRecord): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...templateKeys.template(record.id), entity: 'Template', ...record },
        }),
      );
    },

    /** Renames and/or swaps the image of an active template; undefined when it does not exist (or was deleted). */
    async update(
      id: string,
      changes: { name: string; image?: string | undefined },
      now: string,
    ): Promise<TemplateRecord | undefined> {
      const sets = ['#name = :name', 'updated_at = :now', ...(changes.image ? ['image = :image'] : [])];
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: templateKeys.template(id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(PK) AND #status = :active',
            ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
            ExpressionAttributeValues: {
              ':name': changes.name,
              ':now': now,
              ':active': true,
              ...(changes.image ? { ':image': changes.image } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? strip(Attributes) : undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    /** Soft delete: buyers' vouchers personalised with it keep their background; false when not active. */
    async deactivate(id: string, now: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: templateKeys.template(id),
            UpdateExpression: 'SET #status = :inactive, deleted_at = :now, updated_at = :now',
            ConditionExpression: 'attribute_exists(PK) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':inactive': false, ':active': true, ':now': now },
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
