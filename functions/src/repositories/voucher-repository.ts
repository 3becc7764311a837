import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  EMPTY_VOUCHER_STATS,
  toVoucherCard,
  type Voucher,
  type VoucherCard,
  type VoucherStats,
} from '@gm/shared/catalogue/contracts';
import { batchGet } from './batch-get.ts';
import { queryAll } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';
import { voucherItemKeys } from './voucher-item-keys.ts';

/** GSI2 partition of one tourism account's employee vouchers. */
export const employeeVoucherPartition = (tourismId: string) => `TOURISM#${tourismId}#EMPLOYEE_VOUCHERS`;

export const voucherKeys = {
  ...voucherItemKeys,
  bySeller: (sellerId: string, createdAt: string, id: string) => ({
    GSI1PK: `SELLER#${sellerId}#VOUCHERS`,
    GSI1SK: `${createdAt}#${id}`,
  }),
  /**
   * Employee vouchers only (issue 13): GSI2 `TOURISM#<tourismId>#EMPLOYEE_VOUCHERS` / `<created_at>#<id>`
   * (data-model §4.2): one partition per tourism account, so no read spans another account's vouchers.
   */
  employee: (tourismId: string, createdAt: string, id: string) => ({
    GSI2PK: employeeVoucherPartition(tourismId),
    GSI2SK: `${createdAt}#${id}`,
  }),
  /** The employee claim number's owner (`UNIQUE#EMPLOYEE_CLAIM_NO#<claimNo>`, holds `voucher_id`). */
  employeeClaim: (claimNo: string) => ({ PK: `UNIQUE#EMPLOYEE_CLAIM_NO#${claimNo}`, SK: 'UNIQUE' }),
};

/**
 * A stored voucher: the API's Voucher plus bookkeeping the API never shows. `version` counts the
 * seller's writes (a read-modify-write is conditioned on it); `deleted_at` marks a soft delete;
 * `extra_image_bytes` remembers the sizes of the extra images for the 2 MB limit.
 */
export type VoucherRecord = Voucher & {
  version?: number;
  deleted_at?: string;
  updated_at?: string;
  extra_image_bytes?: Partial<Record<'image_1' | 'image_2' | 'image_3', number>>;
  /** Employee vouchers (issue 13): the partner's tourism account, copied at create, and the voucher's claim number. */
  tourism_id?: string;
  employee_claim_no?: string;
};

/** What an employee voucher's create stores beside the Voucher (issue 13). */
export type EmployeeVoucherExtras = { tourism_id: string; employee_claim_no: string };

/** The employee claim number is taken already (regenerate and retry). */
export class EmployeeClaimTaken extends Error {
  constructor() {
    super('employee claim number taken');
    this.name = 'EmployeeClaimTaken';
  }
}

/** What a seller's write stores beside the Voucher fields. */
export type VoucherWriteExtras = Pick<VoucherRecord, 'extra_image_bytes'> & { updated_at: string };

/** A conditional voucher write lost: the voucher is gone, deleted, someone else's, or was changed meanwhile. */
export class VoucherWriteConflict extends Error {
  constructor() {
    super('voucher write condition failed');
    this.name = 'VoucherWriteConflict';
  }
}

/**
 * Fields a seller's update never writes: they belong to other writers (orders ADD `sold_count`, the
 * admin sets `is_featured`) or never change. Updates SET the rest, so a sale between our read and
 * our write is never undone.
 */
const NOT_WRITTEN_BY_SELLER = new Set([
  'id',
  'seller_id',
  'created_at',
  'sold_count',
  'is_featured',
  'is_tourism',
  'tourism_id',
  'employee_claim_no',
  'version',
  'deleted_at',
  'updated_at',
]);
const CATALOGUE_KEPT = ['sold_count', 'is_featured', 'created_at'] as const;

/** `SET #a = :a, …` over the given attributes, with placeholders for every name (several are reserved words). */
function setExpression(values: Record<string, unknown>, keepIfPresent: Record<string, unknown> = {}, prefix = 'v') {
  const names: Record<string, string> = {};
  const attributeValues: Record<string, unknown> = {};
  const parts: string[] = [];
  let n = 0;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const key = `${prefix}${n++}`;
    names[`#${key}`] = name;
    attributeValues[`:${key}`] = value;
    parts.push(`#${key} = :${key}`);
  }
  for (const [name, value] of Object.entries(keepIfPresent)) {
    const key = `${prefix}${n++}`;
    names[`#${key}`] = name;
    attributeValues[`:${key}`] = value;
    parts.push(`#${key} = if_not_exists(#${key}, :${key})`);
  }
  return { expression: `SET ${parts.join(', ')}`, names, values: attributeValues };
}

/** Runs a transaction, retrying DynamoDB's transaction conflicts (a concurrent transaction on the same item). */
async function transact(db: DynamoDBDocumentClient, input: TransactWriteCommandInput): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === undefined) throw error;
      if (failed.length > 0) throw new VoucherWriteConflict();
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const conflict = reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15 * 2 ** attempt + Math.random() * 20));
    }
  }
}

/** A catalogue entry: the card plus the text that keyword search looks in. */
export type CatalogueEntry = VoucherCard & { search_text: string };

export function searchTextOf(voucher: Voucher): string {
  return [voucher.title, voucher.description, voucher.seller.username, voucher.seller.company?.name ?? '']
    .join(' ')
    .toLowerCase();
}

/** The catalogue item a voucher write puts next to the voucher (also used by the search benchmark's bulk seeding). */
export function catalogueEntryOf(voucher: Voucher): CatalogueEntry {
  return { ...toVoucherCard(voucher), search_text: searchTextOf(voucher) };
}

/**
 * A voucher by id and a seller's vouchers, and nothing else: for the routes that only read vouchers (the
 * cart, the profile and website saves), so they do not bundle the repository's writes and catalogue
 * entries (issue 15). The repository's `get` and `listBySeller` are these.
 */
export function createVoucherReader(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The stored voucher, deleted ones included (callers decide); `consistent` for read-modify-write. */
    async get(id: string, consistent = false): Promise<VoucherRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: voucherKeys.voucher(id), ConsistentRead: consistent }),
      );
      return Item ? (withoutKeys(Item, 'ttl') as VoucherRecord) : undefined;
    },

    /** A seller's own vouchers, newest first (GSI1 `SELLER#<id>#VOUCHERS`, bounded: read to the end). Deleted ones have no GSI1 keys. */
    async listBySeller(sellerId: string): Promise<VoucherRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': `SELLER#${sellerId}#VOUCHERS` },
          ScanIndexForward: false,
        }),
      );
      return items.map((item) => withoutKeys(item, 'ttl') as VoucherRecord).filter((voucher) => !voucher.deleted_at);
    },
  };
}

export type VoucherRepository = ReturnType<typeof createVoucherRepository>;

export function createVoucherRepository(db: DynamoDBDocumentClient, tableName: string) {
  const reader = createVoucherReader(db, tableName);
  /** Employee vouchers (`is_tourism`) have no catalogue entry (docs/data-model.md). */
  const cataloguePut = (voucher: Voucher) =>
    voucher.is_tourism
      ? []
      : [
          {
            Put: {
              TableName: tableName,
              Item: { ...voucherKeys.catalogue(voucher.id), entity: 'CatalogueEntry', ...catalogueEntryOf(voucher) },
            },
          },
        ];
  const voucherItem = (voucher: Voucher) => ({
    ...voucherKeys.voucher(voucher.id),
    ...voucherKeys.bySeller(voucher.seller_id, voucher.created_at, voucher.id),
    entity: 'Voucher',
    ...voucher,
  });

  return {
    /** Writes the voucher and its catalogue entry atomically, unconditionally (demo data, fixtures). */
    async put(voucher: Voucher): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: tableName, Item: voucherItem(voucher) } }, ...cataloguePut(voucher)],
        }),
      );
    },

    /**
     * A seller's new voucher with its catalogue entry; never overwrites an existing id. An employee
     * voucher (`employee` given, issue 13) has no catalogue entry but its tourism account's GSI2 partition and
     * the Put of `UNIQUE#EMPLOYEE_CLAIM_NO#…` (not exists: EmployeeClaimTaken, the caller regenerates).
     */
    async create(voucher: Voucher, extras: VoucherWriteExtras, employee?: EmployeeVoucherExtras): Promise<void> {
      try {
        await transact(db, {
          TransactItems: [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...voucherItem(voucher),
                  ...extras,
                  ...(employee
                    ? { ...employee, ...voucherKeys.employee(employee.tourism_id, voucher.created_at, voucher.id) }
                    : {}),
                  version: 1,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            ...(employee
              ? [
                  {
                    Put: {
                      TableName: tableName,
                      Item: {
                        ...voucherKeys.employeeClaim(employee.employee_claim_no),
                        entity: 'Unique',
                        voucher_id: voucher.id,
                        created_at: voucher.created_at,
                      },
                      ConditionExpression: 'attribute_not_exists(PK)',
                    },
                  },
                ]
              : cataloguePut(voucher)),
          ],
        });
      } catch (error) {
        if (employee && error instanceof VoucherWriteConflict) throw new EmployeeClaimTaken();
        throw error;
      }
    },

    /**
     * A seller's change to an existing voucher and its catalogue entry, in one transaction. It only
     * succeeds while the voucher exists, belongs to `sellerId`, is not deleted and still has
     * `expectedVersion` (0 = an item written before versions existed); otherwise VoucherWriteConflict
     * and nothing is written, so a concurrent delete can never bring the catalogue entry back.
     * `sold_count`, `is_featured` and `created_at` are left as stored.
     */
    async update(
      voucher: Voucher,
      extras: VoucherWriteExtras,
      expected: { sellerId: string; version: number },
    ): Promise<void> {
      const fields = Object.fromEntries(
        Object.entries({ ...voucher, ...extras }).filter(
          ([name]) => !NOT_WRITTEN_BY_SELLER.has(name) || name === 'updated_at',
        ),
      );
      const set = setExpression({ ...fields, version: expected.version + 1 });
      const versionCondition = expected.version === 0 ? 'attribute_not_exists(#c_version)' : '#c_version = :c_version';
      const card = catalogueEntryOf(voucher);
      const cardFields = Object.fromEntries(
        Object.entries(card).filter(([name]) => name !== 'id' && !(CATALOGUE_KEPT as readonly string[]).includes(name)),
      );
      const kept = Object.fromEntries(CATALOGUE_KEPT.map((name) => [name, card[name]]));
      const cardSet = setExpression({ ...cardFields, entity: 'CatalogueEntry', id: voucher.id }, kept);
      await transact(db, {
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: voucherKeys.voucher(voucher.id),
              UpdateExpression: set.expression,
              ConditionExpression: `attribute_exists(PK) AND #c_seller = :c_seller AND attribute_not_exists(#c_deleted) AND ${versionCondition}`,
              ExpressionAttributeNames: {
                ...set.names,
                '#c_seller': 'seller_id',
                '#c_deleted': 'deleted_at',
                '#c_version': 'version',
              },
              ExpressionAttributeValues: {
                ...set.values,
                ':c_seller': expected.sellerId,
                ...(expected.version === 0 ? {} : { ':c_version': expected.version }),
              },
            },
          },
          ...(voucher.is_tourism
            ? []
            : [
                {
                  Update: {
                    TableName: tableName,
                    Key: voucherKeys.catalogue(voucher.id),
                    UpdateExpression: cardSet.expression,
                    ExpressionAttributeNames: cardSet.names,
                    ExpressionAttributeValues: cardSet.values,
                  },
                },
              ]),
        ],
      });
    },

    /**
     * Soft delete (docs/data-model.md): set `deleted_at`, drop the GSI keys and the catalogue entry in
     * one transaction. Only the owning seller's live, non-employee voucher; otherwise VoucherWriteConflict.
     */
    async softDelete(id: string, sellerId: string, now: string): Promise<void> {
      await transact(db, {
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: voucherKeys.voucher(id),
              UpdateExpression:
                'SET #deleted = :now, #updated = :now, #version = if_not_exists(#version, :zero) + :one REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
              ConditionExpression:
                'attribute_exists(PK) AND #seller = :seller AND attribute_not_exists(#deleted) AND (attribute_not_exists(#tourism) OR #tourism = :false)',
              ExpressionAttributeNames: {
                '#deleted': 'deleted_at',
                '#updated': 'updated_at',
                '#version': 'version',
                '#seller': 'seller_id',
                '#tourism': 'is_tourism',
              },
              ExpressionAttributeValues: { ':now': now, ':zero': 0, ':one': 1, ':seller': sellerId, ':false': false },
            },
          },
          { Delete: { TableName: tableName, Key: voucherKeys.catalogue(id) } },
        ],
      });
    },

    /**
     * Account deletion of a seller (issue 11): the soft delete above without its seller and tourism
     * conditions, and rerunnable (`deleted_at` is kept if set). Orders, user vouchers and invoices keep
     * their snapshots; the catalogue entry goes.
     */
    retireParts(id: string, now: string): TransactionPart[] {
      return [
        {
          Update: {
            TableName: tableName,
            Key: voucherKeys.voucher(id),
            UpdateExpression:
              'SET #deleted = if_not_exists(#deleted, :now), #updated = :now, #version = if_not_exists(#version, :zero) + :one REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#deleted': 'deleted_at', '#updated': 'updated_at', '#version': 'version' },
            ExpressionAttributeValues: { ':now': now, ':zero': 0, ':one': 1 },
          },
        },
        { Delete: { TableName: tableName, Key: voucherKeys.catalogue(id) } },
      ];
    },

    get: reader.get,

    /** The voucher and its stats item in one round trip; zeros while nothing was sold or redeemed. */
    async getWithStats(id: string): Promise<{ voucher: VoucherRecord | undefined; stats: VoucherStats }> {
      const [voucher, stats] = await batchGet(db, tableName, [voucherKeys.voucher(id), voucherKeys.stats(id)]);
      const number = (name: keyof VoucherStats) =>
        typeof stats?.[name] === 'number' ? (stats[name] as number) : EMPTY_VOUCHER_STATS[name];
      return {
        voucher: voucher ? (withoutKeys(voucher, 'ttl') as VoucherRecord) : undefined,
        stats: {
          sold_count: number('sold_count'),
          sold_qty: number('sold_qty'),
          gross: number('gross'),
          redemption_count: number('redemption_count'),
          redeemed_value: number('redeemed_value'),
        },
      };
    },

    listBySeller: reader.listBySeller,

    /**
     * Every catalogue entry (Query on one partition, paged through): the search snapshot's builder
     * (strongly consistent, so a snapshot holds every change committed before its read) and admin lists.
     */
    async listCatalogue(consistent = false): Promise<CatalogueEntry[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': 'CATALOGUE' },
          ConsistentRead: consistent,
        }),
      );
      return items.map((item) => withoutKeys(item, 'ttl') as CatalogueEntry);
    },

    /**
     * Admin featured toggle (03 §4): sets `is_featured` on the voucher and its catalogue entry in one
     * transaction, only while the flag still has the value the admin saw (`from`), so two clicks do not
     * cancel out silently. `version` moves on, so a seller's save based on an older read is refused.
     */
    async setFeatured(id: string, from: boolean, to: boolean, now: string): Promise<'ok' | 'not-found' | 'changed'> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: voucherKeys.voucher(id),
                  UpdateExpression: 'SET is_featured = :to, updated_at = :now ADD version :one',
                  ConditionExpression:
                    'attribute_exists(PK) AND attribute_not_exists(deleted_at) AND is_featured = :from',
                  ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now, ':one': 1 },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: voucherKeys.catalogue(id),
                  UpdateExpression: 'SET is_featured = :to',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeValues: { ':to': to },
                },
              },
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.length) return failed.includes(1) && !failed.includes(0) ? 'not-found' : 'changed';
        throw error;
      }
    },

    /** After a category rename: the category summary embedded in its vouchers (bounded by that category's vouchers). */
    async setCategorySummary(
      ids: readonly string[],
      category: { id: string; name: string; slug: string },
    ): Promise<void> {
      for (const id of ids) {
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: voucherKeys.voucher(id),
              UpdateExpression: 'SET category = :category',
              ConditionExpression: 'attribute_exists(PK) AND voucher_category_id = :id',
              ExpressionAttributeValues: { ':category': category, ':id': category.id },
            }),
          );
        } catch (error) {
          // The voucher moved to another category or was removed meanwhile: nothing to rename.
          if (!isConditionalCheckFailed(error)) throw error;
        }
      }
    },
  };
}
