import { UpdateCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { orderKeys } from './order-repository.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';

/**
 * The seller's sale notice (issue 12 "Seller mails"): claimed on the completed `ORDER#<id>` with a
 * lease (`seller_mail_lease_until`), recorded with `seller_mail_sent_at` after sending — like the
 * buyer's confirmation on the Payment (`mail_lease_until` / `mail_sent_at`). Never inside the sale's
 * transaction: the mail goes out after the completion committed.
 */
export type MailClaim = 'claimed' | 'sent' | 'leased';

export function createSellerMailRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Claims the notice of a completed order: 'sent' when recorded (or the order is not completed), 'leased' while another run holds it. */
    async claimSaleNotice(orderId: string, now: string, until: string): Promise<MailClaim> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression: 'SET seller_mail_lease_until = :until',
            ConditionExpression:
              '#status = :completed AND attribute_not_exists(seller_mail_sent_at) AND (attribute_not_exists(seller_mail_lease_until) OR seller_mail_lease_until <= :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':until': until, ':now': now, ':completed': 'completed' },
          }),
        );
        return 'claimed';
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const { Item } = await db.send(
          new GetCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            ConsistentRead: true,
            ProjectionExpression: '#status, seller_mail_sent_at',
            ExpressionAttributeNames: { '#status': 'status' },
          }),
        );
        return Item?.seller_mail_sent_at || Item?.status !== 'completed' ? 'sent' : 'leased';
      }
    },

    async markSaleNoticeSent(orderId: string, at: string): Promise<void> {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: orderKeys.item(orderId),
          UpdateExpression:
            'SET seller_mail_sent_at = if_not_exists(seller_mail_sent_at, :at) REMOVE seller_mail_lease_until',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    },

    /** Sending failed: gives the lease back (only if still ours), so the next run can send at once. */
    async releaseSaleNotice(orderId: string, until: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKeys.item(orderId),
            UpdateExpression: 'REMOVE seller_mail_lease_until',
            ConditionExpression: 'seller_mail_lease_until = :until',
            ExpressionAttributeValues: { ':until': until },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}

export type SellerMailRepository = ReturnType<typeof createSellerMailRepository>;
