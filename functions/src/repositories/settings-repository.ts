import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_SALES_PAUSE,
  SETTINGS_FIELDS,
  type SalesPause,
  type SellerSettingsOverrides,
  type Settings,
} from '@gm/shared/settings/contracts';
import { batchGet } from './batch-get.ts';
import type { TransactionPart } from './transaction-part.ts';

/** Keys of docs/data-model.md: `SETTINGS`/`GLOBAL` and `USER#<sellerId>`/`SETTINGS` (GSI1 `USER_SETTINGS` / `<sellerId>`). */
export const settingsKeys = {
  global: () => ({ PK: 'SETTINGS', SK: 'GLOBAL' }),
  seller: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'SETTINGS' }),
  sellerList: (sellerId: string) => ({ GSI1PK: 'USER_SETTINGS', GSI1SK: sellerId }),
};

export type SellerSettingsRecord = SellerSettingsOverrides & { user_id: string };

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

/** Only the six settings fields: a stored item's keys, timestamps and user_id never leak into settings. */
function pickSettings(item: Record<string, unknown> | undefined): Partial<Settings> | undefined {
  if (!item) return undefined;
  const out: Partial<Settings> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = item[field];
    if (typeof value === 'number') out[field] = value;
  }
  return out;
}

export function createSettingsRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Account deletion (issue 11): the seller's own settings item (orders keep their frozen commission). */
    deleteSellerPart(sellerId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: settingsKeys.seller(sellerId) } };
    },

    async getGlobal(): Promise<Partial<Settings> | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: settingsKeys.global() }));
      return pickSettings(Item);
    },

    /** The global item and the seller's own item in one round trip (either may be absent). */
    async getForSeller(
      sellerId: string,
    ): Promise<{ global: Partial<Settings> | undefined; seller: Partial<Settings> | undefined }> {
      const [global, seller] = await batchGet(db, tableName, [settingsKeys.global(), settingsKeys.seller(sellerId)]);
      return { global: pickSettings(global), seller: pickSettings(seller) };
    },

    /**
     * Writes the global settings (seed; the admin form of the payouts issue). An update, not a put, so
     * the sales pause on the same item (`sales_paused`) survives.
     */
    async putGlobal(settings: Settings, now: string): Promise<void> {
      const values: Record<string, unknown> = { ':entity': 'GlobalSettings', ':now': now };
      const sets = ['entity = :entity', 'updated_at = :now'];
      for (const field of SETTINGS_FIELDS) {
        sets.push(`${field} = :${field}`);
        values[`:${field}`] = settings[field];
      }
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: settingsKeys.global(),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ExpressionAttributeValues: values,
        }),
      );
    },

    /** The sales pause of the global item (`sales_paused`; absent = false). */
    async getSalesPause(): Promise<SalesPause> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: settingsKeys.global(), ProjectionExpression: 'sales_paused' }),
      );
      return {
        sales_paused: typeof Item?.sales_paused === 'boolean' ? Item.sales_paused : DEFAULT_SALES_PAUSE.sales_paused,
      };
    },

    /** Sets the sales pause (PUT app-status, seed, tests) without touching the payout settings. */
    async putSalesPause(status: SalesPause, now: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: settingsKeys.global(),
          UpdateExpression: 'SET entity = :entity, sales_paused = :paused, updated_at = :now',
          ExpressionAttributeValues: { ':entity': 'GlobalSettings', ':paused': status.sales_paused, ':now': now },
        }),
      );
    },

    /** Writes a seller's own values; fields left out (or null) fall back to the global settings. */
    async putSeller(record: SellerSettingsRecord, now: string): Promise<void> {
      const values = Object.fromEntries(
        SETTINGS_FIELDS.flatMap((field) => (typeof record[field] === 'number' ? [[field, record[field]]] : [])),
      );
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...settingsKeys.seller(record.user_id),
            ...settingsKeys.sellerList(record.user_id),
            entity: 'SellerSettings',
            user_id: record.user_id,
            ...values,
            updated_at: now,
          },
        }),
      );
    },
  };
}
