import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { runPool } from './stats.ts';

/** Seeds `vouchers` (and the demo category tree) with the items `VoucherRepository.put` writes; answers the ms taken. */
export async function seedCatalogue(vouchers: readonly Voucher[]): Promise<number> {
  const [
    { documentClient },
    { env },
    { createCategoryRepository },
    { buildCategories },
    { catalogueEntryOf, voucherKeys },
  ] = await Promise.all([
    import('../../functions/src/lib/clients.ts'),
    import('../../functions/src/lib/env.ts'),
    import('../../functions/src/repositories/category-repository.ts'),
    import('../dev/demo-data.ts'),
    import('../../functions/src/repositories/voucher-repository.ts'),
  ]);
  const db = documentClient();
  const table = env().TABLE_NAME;
  const tree = buildCategories((key) => `/media/${key}`);
  await createCategoryRepository(db, table).putMany(tree.categories, tree.subcategories);
  // The same two items `VoucherRepository.put` writes in its transaction.
  const items = vouchers.flatMap((v) => [
    { ...voucherKeys.voucher(v.id), ...voucherKeys.bySeller(v.seller_id, v.created_at, v.id), entity: 'Voucher', ...v },
    { ...voucherKeys.catalogue(v.id), entity: 'CatalogueEntry', ...catalogueEntryOf(v) },
  ]);
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  const started = performance.now();
  await runPool(batches, 16, async (batch) => {
    let pending: Record<string, unknown>[] = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB Local keeps leaving items unprocessed');
      const out = await db.send(
        new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }),
      );
      pending = (out.UnprocessedItems?.[table] ?? []).map((r) => r.PutRequest?.Item as Record<string, unknown>);
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  });
  return performance.now() - started;
}
