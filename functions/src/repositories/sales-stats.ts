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

export function saleStatsParts(tableName: string, sale: SaleFigures & { sellerId: string; buyerUserId?: string; at: string }): TransactionPart[] {
  const add = (Key: Record<string, string>, entity: string): TransactionPart => ({
    Update: {
      TableName: tableName,
      Key,
      UpdateExpression: 'SET entity = :entity ADD sold_count :one, sold_qty :qty, gross :gross, commission :commission, processing_fee :fee, seller_net :net',
      ExpressionAttributeValues: { ':entity': entity, ':one': 1, ':qty': sale.qty, ':gross': sale.gross, ':commission': sale.commission, ':fee': sale.processingFee, ':net': sale.sellerNet },
    },
  });
  const buckets = statsBuckets(sale.at);
  return [
    ...buckets.map((sk) => add(statsKeys.seller(sale.sellerId, sk), 'SellerStats')),
    ...buckets.map((sk) => add(statsKeys.platform(sk), 'PlatformStats')),
    ...(sale.buyerUserId
      ? [{ Update: { TableName: tableName, Key: statsKeys.user(sale.buyerUserId), UpdateExpression: 'SET entity = :entity ADD vouchers_bought :one', ExpressionAttributeValues: { ':entity': 'UserStats', ':one': 1 } } }]
      : []),
  ];
}
