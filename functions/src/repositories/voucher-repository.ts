import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { toVoucherCard, type Voucher, type VoucherCard } from '@gm/shared/catalogue/contracts';
import { queryAll } from './query-all.ts';

export const voucherKeys = {
  voucher: (id: string) => ({ PK: `VOUCHER#${id}`, SK: 'VOUCHER' }),
  bySeller: (sellerId: string, createdAt: string, id: string) => ({ GSI1PK: `SELLER#${sellerId}#VOUCHERS`, GSI1SK: `${createdAt}#${id}` }),
  /** Compact read model for public lists and search, kept in the same transaction as the voucher. */
  catalogue: (id: string) => ({ PK: 'CATALOGUE', SK: `VOUCHER#${id}` }),
};

/** A catalogue entry: the card plus the text that keyword search looks in. */
export type CatalogueEntry = VoucherCard & { search_text: string };

export function searchTextOf(voucher: Voucher): string {
  return [voucher.title, voucher.description, voucher.seller.username, voucher.seller.company?.name ?? '']
    .join(' ')
    .toLowerCase();
}

export type VoucherRepository = ReturnType<typeof createVoucherRepository>;

export function createVoucherRepository(db: DynamoDBDocumentClient, tableName: string) {
  const strip = (item: Record<string, unknown>) => {
    const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, entity: _e, ...rest } = item;
    return rest;
  };
  return {
    /** Writes the voucher and its catalogue entry atomically. */
    async put(voucher: Voucher): Promise<void> {
      const entry: CatalogueEntry = { ...toVoucherCard(voucher), search_text: searchTextOf(voucher) };
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...voucherKeys.voucher(voucher.id), ...voucherKeys.bySeller(voucher.seller_id, voucher.created_at, voucher.id), entity: 'Voucher', ...voucher } } },
            { Put: { TableName: tableName, Item: { ...voucherKeys.catalogue(voucher.id), entity: 'CatalogueEntry', ...entry } } },
          ],
        }),
      );
    },

    async get(id: string): Promise<Voucher | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: voucherKeys.voucher(id) }));
      return Item ? (strip(Item) as Voucher) : undefined;
    },

    /** Every catalogue entry (Query on one partition, paged through); callers cache the result. */
    async listCatalogue(): Promise<CatalogueEntry[]> {
      const items = await queryAll(db, new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'CATALOGUE' } }));
      return items.map((item) => strip(item) as CatalogueEntry);
    },
  };
}
