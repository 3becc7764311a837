import type { TransactionPart } from './transaction-part.ts';

/**
 * `SELLER#<sellerId>#STATS`, `PLATFORM#STATS` (SK `DAY#…`, `WEEK#…`, `MONTH#…`, `TOTAL`) and
 * `USER#<userId>`/`STATS` (docs/data-model.md "SellerStats / PlatformStats", "UserStats"). Since
 * issue 15 no sale, redemption, revocation or reversal writes them in its transaction: the stats
 * aggregator (workers/stats-aggregator.ts, services/stats/stats-deltas.ts) keeps them from the
 * table's stream. Readers use these keys.
 */
export const statsKeys = {
  seller: (sellerId: string, sk: string) => ({ PK: `SELLER#${sellerId}#STATS`, SK: sk }),
  platform: (sk: string) => ({ PK: 'PLATFORM#STATS', SK: sk }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'STATS' }),
};

/**
 * A redemption's per-voucher counters (data-model §4.5 "Redeem"): `redemption_count` and
 * `redeemed_value` (cents) on `VOUCHER#…/STATS`, in the redemption's transaction (an item of that
 * one voucher, not shared between sellers). `sign` -1 is the revocation. The seller's, platform's
 * and owner's counters come from the stats aggregator.
 */
export function redemptionStatsParts(
  tableName: string,
  redemption: { voucherId: string; redeemedValue: number },
  sign: 1 | -1 = 1,
): TransactionPart[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: { PK: `VOUCHER#${redemption.voucherId}`, SK: 'STATS' },
        UpdateExpression: 'SET entity = :entity ADD redemption_count :one, redeemed_value :value',
        ExpressionAttributeValues: {
          ':entity': 'VoucherStats',
          ':one': sign,
          ':value': sign * redemption.redeemedValue,
        },
      },
    },
  ];
}
