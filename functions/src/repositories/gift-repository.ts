import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { GiftType, VoucherUsage } from '@gm/shared/wallet/gift';
import { orderKeys } from './order-repository.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `ORDER#<orderId>` / `GIFT` (docs/data-model.md "Gift", §4.5 "Gift"): the gift options of one order
 * line. Put once (`attribute_not_exists`) BEFORE any voucher is issued, so it is the claim that makes
 * `order/gift-voucher` run at most once per order: state `issuing` with a lease while the units are
 * written, `done` afterwards. A run that died leaves `issuing` with an expired lease; the same giver
 * may take it over (condition on the old claim token) and finishes the same planned units.
 */
export type GiftRecord = {
  order_id: string;
  /** The giver: the buyer of a paid line, or the staff user of a direct sale. */
  requested_by: string;
  gift_types: GiftType[];
  email: string | null;
  recipient_user_id: string | null;
  recipient_username: string | null;
  price_hidden: boolean;
  /** yyyy-mm-dd or null (the voucher's normal validity). */
  expiration_date: string | null;
  voucher_usage: VoucherUsage;
  is_bulk: boolean;
  /** Planned up front (one per unit), so a resumed run writes exactly these. */
  user_voucher_ids: string[];
  /** Shown on the voucher ("from"). */
  from_name: string | null;
  state: 'issuing' | 'done';
  claim_token: string;
  /** ISO time; a run holds the claim until then. */
  lease_until: string;
  created_at: string;
  delivered_at: string | null;
};

export const giftKeys = {
  item: (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'GIFT' }),
};

export type ClaimOutcome = { claimed: true } | { claimed: false; existing: GiftRecord | undefined };

export type GiftRepository = ReturnType<typeof createGiftRepository>;

export function createGiftRepository(db: DynamoDBDocumentClient, tableName: string) {
  const strip = (item: Record<string, unknown>): GiftRecord => withoutKeys(item) as GiftRecord;
  const get = async (orderId: string): Promise<GiftRecord | undefined> => {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: giftKeys.item(orderId), ConsistentRead: true }),
    );
    return Item ? strip(Item) : undefined;
  };

  return {
    get,

    /** Conditional Put of the gift (the once-per-order claim); when another exists, it is returned. */
    async claim(record: GiftRecord): Promise<ClaimOutcome> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...giftKeys.item(record.order_id), entity: 'Gift', ...record },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return { claimed: true };
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        return { claimed: false, existing: await get(record.order_id) };
      }
    },

    /** Takes over a run that died (still `issuing`, lease over, same claim token read); false when someone else did. */
    async takeOver(
      orderId: string,
      previousToken: string,
      token: string,
      now: string,
      leaseUntil: string,
    ): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: giftKeys.item(orderId),
            UpdateExpression: 'SET claim_token = :token, lease_until = :lease',
            ConditionExpression: '#state = :issuing AND claim_token = :previous AND lease_until < :now',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':token': token,
              ':lease': leaseUntil,
              ':issuing': 'issuing',
              ':previous': previousToken,
              ':now': now,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** Ends the lease at once after a failed run, so the giver's retry can resume without waiting. */
    async release(orderId: string, token: string, now: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: giftKeys.item(orderId),
            UpdateExpression: 'SET lease_until = :now',
            ConditionExpression: '#state = :issuing AND claim_token = :token',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':now': now, ':issuing': 'issuing', ':token': token },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /**
     * One transaction after the units: the gift becomes `done` (condition: still our claim) and the order
     * line records the user vouchers it produced (condition: completed). False when the claim was lost.
     */
    async finish(orderId: string, token: string, userVoucherIds: string[], at: string): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: giftKeys.item(orderId),
                  UpdateExpression: 'SET #state = :done, delivered_at = :at REMOVE lease_until',
                  ConditionExpression: '#state = :issuing AND claim_token = :token',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':done': 'done', ':at': at, ':issuing': 'issuing', ':token': token },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: orderKeys.item(orderId),
                  UpdateExpression: 'SET user_voucher_ids = :ids, is_gift = :true, updated_at = :at',
                  ConditionExpression: '#status = :completed',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':ids': userVoucherIds,
                    ':true': true,
                    ':at': at,
                    ':completed': 'completed',
                  },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.length) return false;
        throw error;
      }
    },

    /** A unit's own transaction (user voucher, code, share link of an e-mail gift); false when a condition failed (the unit exists). */
    async writeUnit(parts: TransactionPart[]): Promise<boolean> {
      try {
        await db.send(new TransactWriteCommand({ TransactItems: parts }));
        return true;
      } catch (error) {
        if (failedConditions(error)?.length) return false;
        throw error;
      }
    },
  };
}
