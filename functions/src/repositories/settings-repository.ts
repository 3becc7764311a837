import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_SALES_PAUSE,
  SETTINGS_FIELDS,
  type SalesPause,
  type SellerSettingsOverrides,
  type Settings,
} from '@gm/shared/settings/contracts';
import { batchGet } from './batch-get.ts';
import { queryAll } from './query-all.ts';
import { failedConditions } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';

/** A conditional settings write found the seller's item in the wrong state (`exists` on create, `missing` on update/delete). */
export class SettingsWriteRefused extends Error {
  constructor(readonly reason: 'exists' | 'missing') {
    super(`seller settings ${reason}`);
  }
}

/** Keys of docs/data-model.md: `SETTINGS`/`GLOBAL` and `USER#<sellerId>`/`SETTINGS` (GSI1 `USER_SETTINGS` / `<sellerId>`). */
export const settingsKeys = {
  global: () => ({ PK: 'SETTINGS', SK: 'GLOBAL' }),
  seller: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'SETTINGS' }),
  sellerList: (sellerId: string) => ({ GSI1PK: 'USER_SETTINGS', GSI1SK: sellerId }),
};

export type SellerSettingsRecord = SellerSettingsOverrides & { user_id: string };
export type SellerSettingsListItem = Partial<Settings> & { user_id: string; updated_at: string | null };

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

/**
 * The settings that apply to a seller, and nothing else: for the routes that only read them (the voucher
 * builder's minimum price), so they do not bundle the repository's writes (issue 15). The repository's
 * `getForSeller` is this.
 */
export function createSellerSettingsReader(
  db: DynamoDBDocumentClient,
  tableName: string,
): Pick<SettingsRepository, 'getForSeller'> {
  return {
    /** The global item and the seller's own item in one round trip (either may be absent). */
    async getForSeller(sellerId) {
      const [global, seller] = await batchGet(db, tableName, [settingsKeys.global(), settingsKeys.seller(sellerId)]);
      return { global: pickSettings(global), seller: pickSettings(seller) };
    },
  };
}

export function createSettingsRepository(db: DynamoDBDocumentClient, tableName: string) {
  const sellerSettings = createSellerSettingsReader(db, tableName);
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
      return sellerSettings.getForSeller(sellerId);
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

    /**
     * The admin forms (issue 11): the whole global item written with the audit entry in one
     * transaction. SET only, so `sales_paused` on the same item is never touched.
     */
    async saveGlobal(settings: Settings, now: string, extra: readonly TransactionPart[] = []): Promise<void> {
      const values: Record<string, unknown> = { ':entity': 'GlobalSettings', ':now': now };
      const sets = ['entity = :entity', 'updated_at = :now'];
      for (const field of SETTINGS_FIELDS) {
        sets.push(`${field} = :${field}`);
        values[`:${field}`] = settings[field];
      }
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: settingsKeys.global(),
                UpdateExpression: `SET ${sets.join(', ')}`,
                ExpressionAttributeValues: values,
              },
            },
            ...extra,
          ],
        }),
      );
    },

    /** DELETE global-settings/{id}: removes the six fields (the code defaults apply again); `sales_paused` stays. */
    async resetGlobal(now: string, extra: readonly TransactionPart[] = []): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: settingsKeys.global(),
                UpdateExpression: `SET entity = :entity, updated_at = :now REMOVE ${SETTINGS_FIELDS.join(', ')}`,
                ExpressionAttributeValues: { ':entity': 'GlobalSettings', ':now': now },
              },
            },
            ...extra,
          ],
        }),
      );
    },

    /**
     * The admin's per-seller form: `create` only while the seller has no item of its own, `update`
     * only while it has one (SettingsWriteRefused otherwise); the audit entry commits with it.
     */
    async writeSeller(
      mode: 'create' | 'update',
      sellerId: string,
      settings: Settings,
      now: string,
      extra: readonly TransactionPart[] = [],
    ): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...settingsKeys.seller(sellerId),
                    ...settingsKeys.sellerList(sellerId),
                    entity: 'SellerSettings',
                    user_id: sellerId,
                    ...settings,
                    updated_at: now,
                  },
                  ConditionExpression: mode === 'create' ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
                },
              },
              ...extra,
            ],
          }),
        );
      } catch (error) {
        if (failedConditions(error)?.includes(0))
          throw new SettingsWriteRefused(mode === 'create' ? 'exists' : 'missing');
        throw error;
      }
    },

    /** Removes a seller's own settings (the global ones apply again). */
    async deleteSeller(sellerId: string, extra: readonly TransactionPart[] = []): Promise<void> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: settingsKeys.seller(sellerId),
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              ...extra,
            ],
          }),
        );
      } catch (error) {
        if (failedConditions(error)?.includes(0)) throw new SettingsWriteRefused('missing');
        throw error;
      }
    },

    /** Whether the seller has an item of its own (any fields). */
    async sellerItemExists(sellerId: string): Promise<boolean> {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: settingsKeys.seller(sellerId),
          ProjectionExpression: 'PK',
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    /** Every seller with settings of its own (GSI1 `USER_SETTINGS`; bounded by the sellers). */
    async listSellers(): Promise<SellerSettingsListItem[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'USER_SETTINGS' },
        }),
      );
      return items.map((item) => ({
        ...pickSettings(item),
        user_id: String(item.user_id),
        updated_at: typeof item.updated_at === 'string' ? item.updated_at : null,
      }));
    },
  };
}
