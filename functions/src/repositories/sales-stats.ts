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
