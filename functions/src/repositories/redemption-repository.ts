import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { listCountKeys, readListCount } from './list-counts.ts';
import { queryAll } from './query-all.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `REDEMPTION#<id>` / `REDEMPTION` and `/ REVOCATION`, `COUNTER#REDEMPTION_NO#<yyyy>`
 * (docs/data-model.md "Redemption", §4.5 "Redeem" and "Revoke", §4.6): the immutable ledger of
 * redemptions. Indexes: GSI1 `USER_VOUCHER#<uvId>#REDEMPTIONS` (one voucher's), GSI2
 * `SELLER#<sellerId>#REDEMPTIONS` (the seller's table), GSI3 `REDEMPTIONS` (admin feed), all
 * `<created_at>#<id>`.
 */
export type RedemptionRecord = {
  id: string;
  redemption_no: string;
  kind: 'voucher';
  user_voucher_id: string;
  order_id: string;
  order_no: string;
  voucher_id: string;
  seller_id: string;
  /** Voucher title at redemption time (for the tables and the receipt). */
  title: string;
  type: 'quantity' | 'value' | 'buyer';
  /** Product vouchers: units; else null. */
  qty: number | null;
  /** Value vouchers: cents; else null. */
  value: number | null;
  /** Cents, both kinds (stats). */
  redeemed_value: number;
  scanned_by: { user_id: string; username: string };
  channel: 'scan' | 'manual';
  owner_user_id?: string;
  is_revoked: boolean;
  revoked_at?: string;
  created_at: string;
  updated_at: string;
};

export type RevocationRecord = { revoked_by: string; revoked_at: string; reason: string };

export const redemptionKeys = {
  item: (id: string) => ({ PK: `REDEMPTION#${id}`, SK: 'REDEMPTION' }),
  revocation: (id: string) => ({ PK: `REDEMPTION#${id}`, SK: 'REVOCATION' }),
  byUserVoucher: (userVoucherId: string) => `USER_VOUCHER#${userVoucherId}#REDEMPTIONS`,
  bySeller: (sellerId: string) => `SELLER#${sellerId}#REDEMPTIONS`,
  all: 'REDEMPTIONS',
  counter: (year: string) => ({ PK: `COUNTER#REDEMPTION_NO#${year}`, SK: 'COUNTER' }),
};

/** What a cancelled transaction tells the service. */
export type WriteOutcome = 'ok' | 'duplicate' | 'balance' | 'conflict';

/** A page of a growing partition, newest first, and the key to continue from. */
export type LedgerPage = { items: RedemptionRecord[]; lastKey: Record<string, unknown> | undefined };

export type RedemptionRepository = ReturnType<typeof createRedemptionRepository>;

function strip(item: Record<string, unknown>): RedemptionRecord {
  return withoutKeys(item) as RedemptionRecord;
}

function outcomeOf(error: unknown, balanceIndex: number): WriteOutcome {
  if (!(error instanceof TransactionCanceledException)) throw error;
  const reasons = error.CancellationReasons ?? [];
  if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'duplicate';
  if (reasons[balanceIndex]?.Code === 'ConditionalCheckFailed') return 'balance';
  if (reasons.some((r) => r.Code === 'TransactionConflict')) return 'conflict';
  if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) return 'balance';
  throw error;
}

export function createRedemptionRepository(db: DynamoDBDocumentClient, tableName: string) {
  const index = (name: 'GSI1' | 'GSI2' | 'GSI3', pk: string, limit: number, startKey?: Record<string, unknown>) =>
    new QueryCommand({
      TableName: tableName,
      IndexName: name,
      KeyConditionExpression: `${name}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    });

  /** Reads a growing partition page by page (`Limit`), newest first; see data-model §1 "Paging". */
  async function page(
    name: 'GSI2' | 'GSI3',
    pk: string,
    limit: number,
    startKey?: Record<string, unknown>,
  ): Promise<LedgerPage> {
    const items: RedemptionRecord[] = [];
    let key = startKey;
    // A Limit-ed query can come back short only at the end of the partition; one loop covers 1 MB cuts.
    do {
      const answer = await db.send(index(name, pk, limit - items.length, key));
      items.push(...(answer.Items ?? []).map(strip));
      key = answer.LastEvaluatedKey;
    } while (key && items.length < limit);
    return { items, lastKey: key };
  }

  return {
    /** `E-<yyyy>-<000001>` from the year's counter (gaps allowed, §4.6), before the redemption's transaction. */
    async nextRedemptionNo(year: string): Promise<string> {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: redemptionKeys.counter(year),
          UpdateExpression: 'SET entity = :entity ADD #value :one',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':one': 1, ':entity': 'Counter' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return `E-${year}-${String(Attributes?.value as number).padStart(6, '0')}`;
    },

    async get(id: string): Promise<RedemptionRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: redemptionKeys.item(id), ConsistentRead: true }),
      );
      return Item ? strip(Item) : undefined;
    },

    /**
     * ONE transaction (§4.5 "Redeem"): Put the redemption (not exists: the id comes from the
     * idempotency key) and the balance decrement (`balancePart`, index 1); the counters follow from
     * the stream (stats aggregator, issue 15). 'duplicate' = this id exists already; 'balance' = the voucher changed meanwhile; 'conflict' =
     * another transaction held an item (retry).
     */
    async redeem(record: RedemptionRecord, balancePart: TransactionPart): Promise<WriteOutcome> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...redemptionKeys.item(record.id),
                    GSI1PK: redemptionKeys.byUserVoucher(record.user_voucher_id),
                    GSI1SK: `${record.created_at}#${record.id}`,
                    GSI2PK: redemptionKeys.bySeller(record.seller_id),
                    GSI2SK: `${record.created_at}#${record.id}`,
                    GSI3PK: redemptionKeys.all,
                    GSI3SK: `${record.created_at}#${record.id}`,
                    entity: 'Redemption',
                    ...record,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              balancePart,
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        return outcomeOf(error, 1);
      }
    },

    /**
     * ONE transaction (§4.5 "Revoke"): Put the revocation (not exists), mark the redemption
     * (`is_revoked <> true`), give the balance back (`restorePart`, index 2), plus an audit entry for
     * admins (the counters follow from the stream). 'duplicate' = already revoked; 'balance' = the voucher
     * refused the restore (reversed).
     */
    async revoke(
      id: string,
      revocation: RevocationRecord,
      restorePart: TransactionPart,
      otherParts: readonly TransactionPart[],
    ): Promise<WriteOutcome> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...redemptionKeys.revocation(id), entity: 'Revocation', redemption_id: id, ...revocation },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: redemptionKeys.item(id),
                  UpdateExpression: 'SET is_revoked = :true, revoked_at = :at, updated_at = :at',
                  ConditionExpression: 'attribute_exists(PK) AND is_revoked <> :true',
                  ExpressionAttributeValues: { ':true': true, ':at': revocation.revoked_at },
                },
              },
              restorePart,
              ...otherParts,
            ],
          }),
        );
        return 'ok';
      } catch (error) {
        const outcome = outcomeOf(error, 2);
        if (outcome === 'duplicate') return 'duplicate';
        if (
          error instanceof TransactionCanceledException &&
          error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed'
        )
          return 'duplicate';
        return outcome;
      }
    },

    /** An admin's revocation in the audit trail (data-model "Audit"; the admin issue reads it). */
    auditPart(entry: {
      id: string;
      actorId: string;
      targetId: string;
      at: string;
      details: Record<string, unknown>;
    }): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: {
            PK: `AUDIT#${entry.id}`,
            SK: 'AUDIT',
            GSI1PK: `USER#${entry.actorId}#AUDIT`,
            GSI1SK: `${entry.at}#${entry.id}`,
            GSI2PK: `USER#${entry.targetId}#AUDITED`,
            GSI2SK: `${entry.at}#${entry.id}`,
            GSI3PK: 'AUDIT',
            GSI3SK: `${entry.at}#${entry.id}`,
            entity: 'Audit',
            id: entry.id,
            action: 'revoke_redemption',
            actor_id: entry.actorId,
            target_id: entry.targetId,
            details: entry.details,
            at: entry.at,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    /** A seller's redemptions, newest first (GSI2, growing: `Limit` + cursor). */
    listBySeller: (sellerId: string, limit: number, startKey?: Record<string, unknown>) =>
      page('GSI2', redemptionKeys.bySeller(sellerId), limit, startKey),
    /** Every redemption, newest first (GSI3 `REDEMPTIONS`, admin). */
    listAll: (limit: number, startKey?: Record<string, unknown>) => page('GSI3', redemptionKeys.all, limit, startKey),
    /** Rows of those lists (revoked included): the aggregator's row counts (list-counts.ts), one GetItem. */
    countBySeller: (sellerId: string) => readListCount(db, tableName, listCountKeys.seller(sellerId), 'redemptions'),
    countAll: () => readListCount(db, tableName, listCountKeys.platform, 'redemptions'),

    /** One user voucher's redemptions (bounded), newest first. */
    async listByUserVoucher(userVoucherId: string): Promise<RedemptionRecord[]> {
      const items = await queryAll(db, index('GSI1', redemptionKeys.byUserVoucher(userVoucherId), 100));
      return items.map(strip);
    },
  };
}
