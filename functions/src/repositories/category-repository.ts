import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Category } from '@gm/shared/catalogue/contracts';
import { queryAll } from './query-all.ts';

export type CategoryRecord = { id: string; name: string; slug: string; icon: string | null; logo: string | null };
export type SubcategoryRecord = { id: string; category_id: string; name: string };

export const categoryKeys = {
  category: (id: string) => ({ PK: 'CATEGORY', SK: `CATEGORY#${id}` }),
  subcategory: (categoryId: string, id: string) => ({ PK: 'CATEGORY', SK: `CATEGORY#${categoryId}#SUB#${id}` }),
};

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;

export function createCategoryRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The whole tree in one Query: categories and their sub-categories share the partition. */
    async listTree(): Promise<Category[]> {
      const items = await queryAll(db, new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'CATEGORY' } }));
      const categories = new Map<string, Category>();
      for (const item of items.filter((i) => i.entity === 'Category')) {
        const c = item as unknown as CategoryRecord;
        categories.set(c.id, { id: c.id, name: c.name, slug: c.slug, icon: c.icon ?? null, logo: c.logo ?? null, subcategories: [] });
      }
      for (const item of items.filter((i) => i.entity === 'Subcategory')) {
        const s = item as unknown as SubcategoryRecord;
        categories.get(s.category_id)?.subcategories.push({ id: s.id, name: s.name, category_id: s.category_id });
      }
      return [...categories.values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));
    },

    async putMany(categories: CategoryRecord[], subcategories: SubcategoryRecord[]): Promise<void> {
      const puts = [
        ...categories.map((c) => ({ ...categoryKeys.category(c.id), entity: 'Category', ...c })),
        ...subcategories.map((s) => ({ ...categoryKeys.subcategory(s.category_id, s.id), entity: 'Subcategory', ...s })),
      ];
      for (let i = 0; i < puts.length; i += 25) {
        const chunk = puts.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
        await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: chunk } }));
      }
    },
  };
}
