import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `COUPON#<CODE upper>` / `COUPON` (docs/data-model.md "Coupon / CouponUse"), listed under GSI1
 * `COUPONS` / `<CODE>`. `limit` = remaining uses (absent = unlimited); the checkout reserves a use
 * with `ADD limit -1` under `limit > 0` and puts `USE#<paymentId>`.
 */
export type CouponRecord = {
  id: string;
  code: string;
  /** Percent off the total (plain number), or null. */
  percent_off: number | null;
  /** Cents off the total, or null. */
  amount_off: number | null;
  active: boolean;
  /** ISO time; null = never expires. */
  expires_at: string | null;
  /** Remaining uses; undefined/null = unlimited. */
  limit?: number | null;
  metadata?: Record<string, unknown>;
  created_at: string;
  updated_at: string;
};

export const couponKeys = {
  item: (code: string) => ({ PK: `COUPON#${code.trim().toUpperCase()}`, SK: 'COUPON' }),
  use: (code: string, paymentId: string) => ({ PK: `COUPON#${code.trim().toUpperCase()}`, SK: `USE#${paymentId}` }),
  list: (code: string) => ({ GSI1PK: 'COUPONS', GSI1SK: code.trim().toUpperCase() }),
};

export type CouponRepository = ReturnType<typeof createCouponRepository>;

export function createCouponRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** The coupon for a code (any case), or undefined. Consistent, so a use just reserved is seen. */
    async get(code: string): Promise<CouponRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: couponKeys.item(code), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return withoutKeys(Item) as CouponRecord;
    },

    /**
     * Checkout (engineer B): the coupon use of a completed payment, for the payment's completion
     * transaction: Put `USE#<paymentId>` (once) and, for a limited coupon, `ADD limit -1` under
     * `limit > 0` (only for a numeric limit). `decrement: false` records the use without touching the limit (no uses left).
     */
    useParts(code: string, paymentId: string, at: string, decrement: boolean): TransactionPart[] {
      const parts: TransactionPart[] = [
        {
          Put: {
            TableName: tableName,
            Item: {
              ...couponKeys.use(code, paymentId),
              entity: 'CouponUse',
              payment_id: paymentId,
              used_at: at,
              ...(decrement ? {} : { overdrawn: true }),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ];
      if (decrement) {
        parts.push({
          Update: {
            TableName: tableName,
            Key: couponKeys.item(code),
            UpdateExpression: 'ADD #limit :minus',
            ConditionExpression: 'attribute_exists(PK) AND #limit > :zero',
            ExpressionAttributeNames: { '#limit': 'limit' },
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          },
        });
      }
      return parts;
    },

    /** Creates or replaces a coupon (seed, support). */
    async put(record: CouponRecord): Promise<void> {
      const code = record.code.trim().toUpperCase();
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...couponKeys.item(code), ...couponKeys.list(code), entity: 'Coupon', ...record, code },
        }),
      );
    },
  };
}
