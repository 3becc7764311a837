import {
  BatchWriteCommand,
  DeleteCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Category } from '@gm/shared/catalogue/contracts';
import { queryAll } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';

export type CategoryRecord = { id: string; name: string; slug: string; icon: string | null; logo: string | null };
export type SubcategoryRecord = { id: string; category_id: string; name: string };

export const categoryKeys = {
  category: (id: string) => ({ PK: 'CATEGORY', SK: `CATEGORY#${id}` }),
  subcategory: (categoryId: string, id: string) => ({ PK: 'CATEGORY', SK: `CATEGORY#${categoryId}#SUB#${id}` }),
  /** The slug is the category page's address, so two categories never share one. */
  uniqueSlug: (slug: string) => ({ PK: `UNIQUE#CATEGORY_SLUG#${slug}`, SK: 'UNIQUE' }),
};

export type CategoryWriteResult = 'ok' | 'not-found' | 'slug-taken';

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;

/**
 * The whole tree in one Query: categories and their sub-categories share the partition. On its own for
 * the category tree cache most routes hold (lib/deps.ts `categoryTree`), so they do not bundle the
 * repository's writes (issue 15); the repository's `listTree` is this.
 */
export async function listCategoryTree(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: { consistent?: boolean } = {},
): Promise<Category[]> {
  const items = await queryAll(
    db,
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'CATEGORY' },
      ConsistentRead: options.consistent ?? false,
    }),
  );
  const categories = new Map<string, Category>();
  for (const item of items.filter((i) => i.entity === 'Category')) {
    const c = item as unknown as CategoryRecord;
    categories.set(c.id, {
      id: c.id,
      name: c.name,
      slug: c.slug,
      icon: c.icon ?? null,
      logo: c.logo ?? null,
      subcategories: [],
    });
  }
  for (const item of items.filter((i) => i.entity === 'Subcategory')) {
    const s = item as unknown as SubcategoryRecord;
    categories.get(s.category_id)?.subcategories.push({ id: s.id, name: s.name, category_id: s.category_id });
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de');
  for (const category of categories.values()) category.subcategories.sort(byName);
  return [...categories.values()].sort(byName);
}

export function createCategoryRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The whole tree in one Query (`listCategoryTree`). */
    listTree: (options: { consistent?: boolean } = {}) => listCategoryTree(db, tableName, options),

    /** Seeds and imports: overwrites, slug items included. */
    async putMany(categories: CategoryRecord[], subcategories: SubcategoryRecord[]): Promise<void> {
      const puts = [
        ...categories.map((c) => ({ ...categoryKeys.category(c.id), entity: 'Category', ...c })),
        ...categories.map((c) => ({ ...categoryKeys.uniqueSlug(c.slug), entity: 'Unique', category_id: c.id })),
        ...subcategories.map((s) => ({
          ...categoryKeys.subcategory(s.category_id, s.id),
          entity: 'Subcategory',
          ...s,
        })),
      ];
      for (let i = 0; i < puts.length; i += 25) {
        const chunk = puts.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
        await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: chunk } }));
      }
    },

    /** A new category and its slug item in one transaction. */
    async create(category: CategoryRecord, now: string): Promise<CategoryWriteResult> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...categoryKeys.category(category.id),
                    entity: 'Category',
                    ...category,
                    created_at: now,
                    updated_at: now,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...categoryKeys.uniqueSlug(category.slug), entity: 'Unique', category_id: category.id },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        if (failedConditions(error)?.includes(1)) return 'slug-taken';
        throw error;
      }
    },

    /**
     * Renames (moving the slug item when the slug changes) and/or sets a new image. `before` is the
     * category as read; the update is conditioned on its slug, so a concurrent rename is not lost.
     */
    async update(before: CategoryRecord, after: CategoryRecord, now: string): Promise<CategoryWriteResult> {
      const slugChanged = before.slug !== after.slug;
      const owned = { ':id': before.id };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: categoryKeys.category(before.id),
                  UpdateExpression: 'SET #name = :name, slug = :slug, logo = :logo, icon = :icon, updated_at = :now',
                  ConditionExpression: 'attribute_exists(PK) AND slug = :before',
                  ExpressionAttributeNames: { '#name': 'name' },
                  ExpressionAttributeValues: {
                    ':name': after.name,
                    ':slug': after.slug,
                    ':logo': after.logo,
                    ':icon': after.icon,
                    ':now': now,
                    ':before': before.slug,
                  },
                },
              },
              ...(slugChanged
                ? [
                    {
                      Put: {
                        TableName: tableName,
                        Item: { ...categoryKeys.uniqueSlug(after.slug), entity: 'Unique', category_id: before.id },
                        ConditionExpression: 'attribute_not_exists(PK)',
                      },
                    },
                    // Categories written before slug items existed have none to remove.
                    {
                      Delete: {
                        TableName: tableName,
                        Key: categoryKeys.uniqueSlug(before.slug),
                        ConditionExpression: 'attribute_not_exists(PK) OR category_id = :id',
                        ExpressionAttributeValues: owned,
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.includes(0)) return 'not-found';
        if (failed?.includes(1)) return 'slug-taken';
        throw error;
      }
    },

    /** Deletes the category, its sub-categories and its slug item together. */
    async remove(category: CategoryRecord, subcategoryIds: readonly string[]): Promise<CategoryWriteResult> {
      if (subcategoryIds.length > 98) throw new Error('too many sub-categories for one transaction');
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: categoryKeys.category(category.id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              {
                Delete: {
                  TableName: tableName,
                  Key: categoryKeys.uniqueSlug(category.slug),
                  ConditionExpression: 'attribute_not_exists(PK) OR category_id = :id',
                  ExpressionAttributeValues: { ':id': category.id },
                },
              },
              ...subcategoryIds.map((id) => ({
                Delete: { TableName: tableName, Key: categoryKeys.subcategory(category.id, id) },
              })),
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return 'not-found';
        throw error;
      }
    },

    /** A new sub-category; fails with not-found when the parent is gone (checked in the same transaction). */
    async createSubcategory(sub: SubcategoryRecord, now: string): Promise<CategoryWriteResult> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: categoryKeys.category(sub.category_id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...categoryKeys.subcategory(sub.category_id, sub.id),
                    entity: 'Subcategory',
                    ...sub,
                    created_at: now,
                    updated_at: now,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return 'not-found';
        throw error;
      }
    },

    /** Renames in place, or moves the item under another parent (its key holds the parent). */
    async updateSubcategory(
      before: SubcategoryRecord,
      after: SubcategoryRecord,
      now: string,
    ): Promise<CategoryWriteResult> {
      try {
        if (before.category_id === after.category_id) {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: categoryKeys.subcategory(before.category_id, before.id),
              UpdateExpression: 'SET #name = :name, updated_at = :now',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#name': 'name' },
              ExpressionAttributeValues: { ':name': after.name, ':now': now },
            }),
          );
          return 'ok';
        }
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: categoryKeys.category(after.category_id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              {
                Delete: {
                  TableName: tableName,
                  Key: categoryKeys.subcategory(before.category_id, before.id),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...categoryKeys.subcategory(after.category_id, after.id),
                    entity: 'Subcategory',
                    ...after,
                    updated_at: now,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        if (isConditionalCheckFailed(error) || failedConditions(error)?.length) return 'not-found';
        throw error;
      }
    },

    async removeSubcategory(sub: SubcategoryRecord): Promise<CategoryWriteResult> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: categoryKeys.subcategory(sub.category_id, sub.id),
            ConditionExpression: 'attribute_exists(PK)',
          }),
        );
        return 'ok';
      } catch (error) {
        if (isConditionalCheckFailed(error)) return 'not-found';
        throw error;
      }
    },
  };
}
