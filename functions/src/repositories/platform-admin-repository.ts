import { QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.ts';
import { companyKeys } from './company-repository.ts';
import { queryAll, queryCount, queryCountUpTo, queryUpTo } from './query-all.ts';
import { statsKeys } from './sales-stats.ts';
import { failedConditions } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userKeys } from './user-repository.ts';
import { userVoucherKeys, type UserVoucherRecord } from './user-voucher-repository.ts';

/**
 * The admin's platform reads and writes of issue 11 (docs/data-model.md §4.9, §5.7): the subdomain
 * swap, the /subdomain lists, expired vouchers (GSI3 `EXPIRY`) and the admin home's counts. Keys
 * come from the repositories that own them.
 */
export type SellerSummary = {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  subdomain: string | null;
  subdomain_updated: string | null;
};

/** The subdomain swap was refused: the new name is taken, or the seller's subdomain changed since it was read. */
export class SubdomainWriteRefused extends Error {
  constructor(readonly reason: 'taken' | 'changed') {
    super(`subdomain ${reason}`);
  }
}

export type ExpiredRecord = Pick<
  UserVoucherRecord,
  | 'id'
  | 'order_no'
  | 'voucher_id'
  | 'seller_id'
  | 'type'
  | 'remaining_value'
  | 'remaining_qty'
  | 'valid_until'
  | 'owner_user_id'
  | 'owner_guest_email'
> & { voucher: Pick<UserVoucherRecord['voucher'], 'title' | 'seller'> };

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Active user vouchers whose last valid day is before `today` (GSI3 `EXPIRY`, `GSI3SK < today`; a
 * redemption to zero removes the index keys), newest expiry first, only those that still hold value.
 */
function expiredQuery(tableName: string, today: string) {
  return {
    TableName: tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :today',
    FilterExpression: '#status = :active AND (remaining_value > :zero OR remaining_qty > :zero)',
    ExpressionAttributeNames: { '#status': 'status', '#type': 'type', '#voucher': 'voucher' } as Record<string, string>,
    ExpressionAttributeValues: { ':pk': userVoucherKeys.expiry, ':today': today, ':active': 'active', ':zero': 0 },
    ProjectionExpression:
      'id, order_no, voucher_id, seller_id, #type, remaining_value, remaining_qty, valid_until, owner_user_id, owner_guest_email, #voucher.title, #voucher.seller',
    ScanIndexForward: false,
  };
}

export type PlatformAdminRepository = ReturnType<typeof createPlatformAdminRepository>;

export function createPlatformAdminRepository(db: DynamoDBDocumentClient, tableName: string) {
  async function getMany(keys: { PK: string; SK: string }[]) {
    const out: (Record<string, unknown> | undefined)[] = [];
    for (let i = 0; i < keys.length; i += 100) out.push(...(await batchGet(db, tableName, keys.slice(i, i + 100))));
    return out;
  }

  /** Profiles and company names of some sellers, in the order of `ids` (missing profiles left out). */
  async function sellerSummaries(ids: readonly string[]): Promise<SellerSummary[]> {
    const profiles = await getMany(ids.map((id) => userKeys.profile(id)));
    const companies = await getMany(ids.map((id) => companyKeys.company(id)));
    return ids.flatMap((id, i) => {
      const profile = profiles[i];
      if (!profile) return [];
      return [
        {
          id,
          username: String(profile.username ?? ''),
          first_name: str(profile.first_name),
          last_name: str(profile.last_name),
          company_name: str(companies[i]?.name),
          subdomain: str(profile.subdomain),
          subdomain_updated: str(profile.subdomain_updated),
        },
      ];
    });
  }

  return {
    sellerSummaries,

    /**
     * Assigns, renames or removes a seller's subdomain in one transaction (data-model §4.9): Delete
     * the old `UNIQUE#SUBDOMAIN#…` (condition: it is the seller's), Put the new one (condition: not
     * taken; GSI1 `SUBDOMAINS` for the admin list), Update the profile (condition: still the old value).
     */
    async setSubdomain(input: {
      sellerId: string;
      from: string | null;
      to: string | null;
      now: string;
      extra?: readonly TransactionPart[];
    }): Promise<void> {
      const { sellerId, from, to, now } = input;
      const items: TransactionPart[] = [];
      let putIndex = -1;
      if (from)
        items.push({
          Delete: {
            TableName: tableName,
            Key: userKeys.unique('subdomain', from),
            ConditionExpression: 'attribute_not_exists(PK) OR user_id = :id',
            ExpressionAttributeValues: { ':id': sellerId },
          },
        });
      if (to) {
        putIndex = items.length;
        items.push({
          Put: {
            TableName: tableName,
            Item: {
              ...userKeys.unique('subdomain', to),
              GSI1PK: 'SUBDOMAINS',
              GSI1SK: to,
              entity: 'Unique',
              user_id: sellerId,
              seller_id: sellerId,
              name: to,
              created_at: now,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        });
      }
      items.push({
        Update: {
          TableName: tableName,
          Key: userKeys.profile(sellerId),
          UpdateExpression: 'SET subdomain = :to, subdomain_updated = :now, updated_at = :now',
          ConditionExpression: from
            ? 'attribute_exists(PK) AND #role = :seller AND subdomain = :from'
            : 'attribute_exists(PK) AND #role = :seller AND (attribute_not_exists(subdomain) OR subdomain = :null)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':to': to,
            ':now': now,
            ':seller': 'seller',
            ...(from ? { ':from': from } : { ':null': null }),
          },
        },
      });
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [...items, ...(input.extra ?? [])] }));
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.length) throw new SubdomainWriteRefused(failed.includes(putIndex) ? 'taken' : 'changed');
        throw error;
      }
    },

    /** Sellers not activated yet: a COUNT Query on GSI1 `ROLE#seller` (bounded by the sellers). */
    countSellersAwaitingActivation: (): Promise<number> =>
      queryCount(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: 'is_activated = :no',
          ExpressionAttributeValues: { ':pk': 'ROLE#seller', ':no': false },
        }),
      ),

    /** Order lines sold on one Vienna day (`PLATFORM#STATS` / `DAY#<day>` `sold_count`). */
    async soldOnDay(day: string): Promise<number> {
      const [item] = await batchGet(db, tableName, [statsKeys.platform(`DAY#${day}`)]);
      return typeof item?.sold_count === 'number' ? item.sold_count : 0;
    },

    /**
     * Every active user voucher whose last valid day is before `today` and that still holds value, the
     * most recently expired first (the CSV, bounded by its 4.2 MB limit; the list pages below).
     */
    async expiredWithValue(today: string): Promise<ExpiredRecord[]> {
      return (await queryAll(db, new QueryCommand(expiredQuery(tableName, today)))) as ExpiredRecord[];
    },

    /**
     * One page of them (the range grows forever): `Limit`, read on until `limit` rows matched the
     * filter or the range ends; the LastEvaluatedKey is where the next page starts.
     */
    async expiredPage(
      today: string,
      limit: number,
      startKey?: Record<string, unknown>,
    ): Promise<{ items: ExpiredRecord[]; lastKey?: Record<string, unknown> }> {
      const page = await queryUpTo(db, new QueryCommand(expiredQuery(tableName, today)), limit, startKey);
      return { ...page, items: page.items as ExpiredRecord[] };
    },

    /**
     * How many there are from `startKey` (a page's start) on, reading at most `maxEvaluated` items of
     * the range (a `Select: COUNT` Query with the same key range and filter): `ended` false = the
     * budget ran out first, the count is a lower bound.
     */
    countExpiredAhead(today: string, maxEvaluated: number, startKey?: Record<string, unknown>) {
      const {
        ProjectionExpression: _projection,
        ExpressionAttributeNames: _names,
        ...query
      } = expiredQuery(tableName, today);
      return queryCountUpTo(
        db,
        new QueryCommand({ ...query, ExpressionAttributeNames: { '#status': 'status' } }),
        maxEvaluated,
        startKey,
      );
    },

    /** Display names of some users (first and last name, else username), for the expired list's holders. */
    async userNames(ids: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      const profiles = await getMany(unique.map((id) => userKeys.profile(id)));
      const names = new Map<string, string>();
      unique.forEach((id, i) => {
        const item = profiles[i];
        if (!item) return;
        const full = [item.first_name, item.last_name].filter((part) => typeof part === 'string' && part).join(' ');
        names.set(id, full || String(item.username ?? ''));
      });
      return names;
    },
  };
}
