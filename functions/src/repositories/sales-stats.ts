import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import type { TransactionPart } from './transaction-part.ts';

/**
 * `SELLER#<sellerId>#STATS`, `PLATFORM#STATS` (SK `DAY#…`, `WEEK#…`, `MONTH#…`, `TOTAL`) and
 * `USER#<userId>`/`STATS` (docs/data-model.md "SellerStats / PlatformStats", "UserStats"): the
 * counters one sale adds to, as parts of the order line's completion transaction. ADD only.
 */
export const statsKeys = {
  seller: (sellerId: string, sk: string) => ({ PK: `SELLER#${sellerId}#STATS`, SK: sk }),
  platform: (sk: string) => ({ PK: 'PLATFORM#STATS', SK: sk }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'STATS' }),
};

export type SaleFigures = { qty: number; gross: number; commission: number; processingFee: number; sellerNet: number };

export function saleStatsParts(
  tableName: string,
  sale: SaleFigures & { sellerId: string; buyerUserId?: string; at: string },
): TransactionPart[] {
  const add = (Key: Record<string, string>, entity: string): TransactionPart => ({
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression:
        'SET entity = :entity ADD sold_count :one, sold_qty :qty, gross :gross, commission :commission, processing_fee :fee, seller_net :net',
      ExpressionAttributeValues: {
        ':entity': entity,
        ':one': 1,
        ':qty': sale.qty,
        ':gross': sale.gross,
        ':commission': sale.commission,
        ':fee': sale.processingFee,
        ':net': sale.sellerNet,
      },
    },
  });
  const buckets = statsBuckets(sale.at);
  return [
    ...buckets.map((sk) => add(statsKeys.seller(sale.sellerId, sk), 'SellerStats')),
    ...buckets.map((sk) => add(statsKeys.platform(sk), 'PlatformStats')),
    ...(sale.buyerUserId
      ? [
          {
            Update: {
              TableName: tableName,
              Key: statsKeys.user(sale.buyerUserId),
              UpdateExpression: 'SET entity = :entity ADD vouchers_bought :one',
              ExpressionAttributeValues: { ':entity': 'UserStats', ':one': 1 },
            },
          },
        ]
      : []),
  ];
}

/**
 * A redemption's counters (data-model §4.5 "Redeem"), issue 6: `redemption_count` and
 * `redeemed_value` (cents) on `SELLER#…#STATS` and `PLATFORM#STATS` (the four buckets of the
 * redemption's time), on `VOUCHER#…/STATS`, and `voucher_used` on the owner's `USER#…/STATS`.
 * `sign` -1 is the revocation (same buckets: those of the redemption, not of the revocation).
 */
export function redemptionStatsParts(
  tableName: string,
  redemption: { sellerId: string; voucherId: string; ownerUserId?: string; at: string; redeemedValue: number },
  sign: 1 | -1 = 1,
): TransactionPart[] {
  const add = (Key: Record<string, string>, entity: string): TransactionPart => ({
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: 'SET entity = :entity ADD redemption_count :one, redeemed_value :value',
      ExpressionAttributeValues: { ':entity': entity, ':one': sign, ':value': sign * redemption.redeemedValue },
    },
  });
  const buckets = statsBuckets(redemption.at);
  return [
    ...buckets.map((sk) => add(statsKeys.seller(redemption.sellerId, sk), 'SellerStats')),
    ...buckets.map((sk) => add(statsKeys.platform(sk), 'PlatformStats')),
    add({ PK: `VOUCHER#${redemption.voucherId}`, SK: 'STATS' }, 'VoucherStats'),
    ...(redemption.ownerUserId
      ? [
          {
            Update: {
              TableName: tableName,
              Key: statsKeys.user(redemption.ownerUserId),
              UpdateExpression: 'SET entity = :entity ADD voucher_used :one',
              ExpressionAttributeValues: { ':entity': 'UserStats', ':one': sign },
            },
          },
        ]
      : []),
  ];
}
