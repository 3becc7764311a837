import { orderKeys } from './order-repository.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * ConditionCheck on `ORDER#<orderId>` (issue 11, docs/data-model.md §4.4 step 3): the order is neither
 * reversed nor claimed by a reversal (`reversal_claim` is set from the claim until the reversal
 * commits or Stripe refuses the refund; a crashed run leaves it until the next reverse call). Put into
 * every transaction that must not happen once a reversal has fixed its refund: a gift unit's issue,
 * a redemption's revocation. A missing order item passes.
 */
export function orderNotReversingCheck(tableName: string, orderId: string): TransactionPart {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: orderKeys.item(orderId),
      ConditionExpression:
        'attribute_not_exists(reversal_claim) AND (attribute_not_exists(reversed) OR reversed <> :true)',
      ExpressionAttributeValues: { ':true': true },
    },
  };
}
