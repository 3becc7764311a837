import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { toCounters, type StatsCounters } from '@gm/shared/seller/dashboard';
import { orderKeys } from './order-repository.ts';
import { queryAll } from './query-all.ts';
import { statsKeys } from './sales-stats.ts';
import { userKeys } from './user-repository.ts';
import { userVoucherKeys } from './user-voucher-repository.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';

/**
 * The seller's sale notice (issue 12 "Seller mails"): claimed on the completed `ORDER#<id>` with a
 * lease (`seller_mail_lease_until`), recorded with `seller_mail_sent_at` after sending — like the
 * buyer's confirmation on the Payment (`mail_lease_until` / `mail_sent_at`). Never inside the sale's
 * transaction: the mail goes out after the completion committed.
 */
export type MailClaim = 'claimed' | 'sent' | 'leased';

/** What an expiry reminder needs of a user voucher (projection of the GSI3 `EXPIRY` query). */
export type ExpiringVoucher = {
  id: string;
  seller_id: string;
  type: 'value' | 'product' | string;
  remaining_value: number;
  remaining_qty: number;
  valid_until: string;
  owner_user_id?: string;
  owner_guest_email?: string;
  voucher: { title: string; seller?: { username?: string; company?: { name?: string | null } | null } | null };
};

/** Who an unsubscribe token stands for. */
export type OptOutTarget = { user_id: string } | { guest_email: string };

export const reminderKeys = {
  /** sha256 of an unsubscribe token → its holder (no token is stored). */
  token: (hash: string) => ({ PK: `REMINDER_TOKEN#${hash}`, SK: 'TOKEN' }),
  /** A guest e-mail that unsubscribed from expiry reminders. */
  guestOptOut: (email: string) => ({ PK: `REMINDER_OPT_OUT#${email.trim().toLowerCase()}`, SK: 'OPT_OUT' }),
  /** A seller's monthly report of one month, claimed once. */
  monthlyReport: (sellerId: string, month: string) => ({ PK: `MONTHLY_REPORT#${sellerId}#${month}`, SK: 'REPORT' }),
};

const reminderField = (kind: 30 | 7) => (kind === 30 ? 'reminded_30_at' : 'reminded_7_at');

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

    /**
     * Holders' vouchers whose last valid day is in [from, to] (GSI3 `EXPIRY`, `GSI3SK` between
     * `<from>#` and `<to>#\uffff`), still active with value left, owned (unclaimed ones have no
     * holder), not yet reminded of `kind`. Bounded by the vouchers expiring in one week; paged.
     */
    async *listExpiring(from: string, to: string, kind: 30 | 7): AsyncGenerator<ExpiringVoucher[]> {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
            FilterExpression:
              '#status = :active AND (remaining_value > :zero OR remaining_qty > :zero) AND attribute_not_exists(#reminded) AND (attribute_exists(owner_user_id) OR attribute_exists(owner_guest_email))',
            ExpressionAttributeNames: {
              '#status': 'status',
              '#reminded': reminderField(kind),
              '#type': 'type',
              '#voucher': 'voucher',
            },
            ExpressionAttributeValues: {
              ':pk': userVoucherKeys.expiry,
              ':from': `${from}#`,
              ':to': `${to}#\uffff`,
              ':active': 'active',
              ':zero': 0,
            },
            ProjectionExpression:
              'id, seller_id, #type, remaining_value, remaining_qty, valid_until, owner_user_id, owner_guest_email, #voucher.title, #voucher.seller',
            ExclusiveStartKey: startKey,
          }),
        );
        yield (page.Items ?? []) as ExpiringVoucher[];
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    },

    /** Claims one reminder of one voucher (at most once: the attribute is set before the mail goes out). */
    async claimReminder(userVoucherId: string, kind: 30 | 7, at: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userVoucherKeys.item(userVoucherId),
            UpdateExpression: 'SET #reminded = :at',
            ConditionExpression: 'attribute_exists(PK) AND #status = :active AND attribute_not_exists(#reminded)',
            ExpressionAttributeNames: { '#reminded': reminderField(kind), '#status': 'status' },
            ExpressionAttributeValues: { ':at': at, ':active': 'active' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** The mail failed: the claim is given back (if still this run's), so the next run tries again. */
    async releaseReminder(userVoucherId: string, kind: 30 | 7, at: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userVoucherKeys.item(userVoucherId),
            UpdateExpression: 'REMOVE #reminded',
            ConditionExpression: '#reminded = :at',
            ExpressionAttributeNames: { '#reminded': reminderField(kind) },
            ExpressionAttributeValues: { ':at': at },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },

    /** Stores an unsubscribe token's hash and whom it opts out; kept a year (`ttl`). */
    async putUnsubscribeToken(hash: string, target: OptOutTarget, at: string, ttlSeconds: number): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...reminderKeys.token(hash), ...target, created_at: at, ttl: ttlSeconds },
        }),
      );
    },

    async getUnsubscribeToken(hash: string, nowSeconds: number): Promise<OptOutTarget | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: reminderKeys.token(hash) }));
      if (!Item || (typeof Item.ttl === 'number' && Item.ttl <= nowSeconds)) return undefined;
      if (typeof Item.user_id === 'string') return { user_id: Item.user_id };
      if (typeof Item.guest_email === 'string') return { guest_email: Item.guest_email };
      return undefined;
    },

    /** Opts a holder out (idempotent): the profile flag of a user, an item for a guest e-mail. */
    async optOut(target: OptOutTarget, at: string): Promise<void> {
      if ('user_id' in target) {
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: userKeys.profile(target.user_id),
              UpdateExpression: 'SET reminders_opt_out = :yes, updated_at = :at',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':yes': true, ':at': at },
            }),
          );
        } catch (error) {
          // A deleted account gets no reminders anyway.
          if (!isConditionalCheckFailed(error)) throw error;
        }
        return;
      }
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...reminderKeys.guestOptOut(target.guest_email),
            email: target.guest_email.toLowerCase(),
            created_at: at,
          },
        }),
      );
    },

    async isGuestOptedOut(email: string): Promise<boolean> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: reminderKeys.guestOptOut(email) }));
      return Boolean(Item);
    },

    /**
     * Sellers with `monthly_reporting` on: a Query of GSI1 `ROLE#seller` (bounded by the sellers,
     * never a Scan) filtered on the switch, only the fields the report needs.
     */
    async monthlyReportingSellers(): Promise<
      { id: string; email: string; order_email: string | null; username: string; first_name: string | null }[]
    > {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: 'monthly_reporting = :yes',
          ExpressionAttributeValues: { ':pk': 'ROLE#seller', ':yes': true },
          ProjectionExpression: 'id, email, order_email, username, first_name',
        }),
      );
      return items.map((i) => ({
        id: String(i.id),
        email: String(i.email ?? ''),
        order_email: typeof i.order_email === 'string' && i.order_email ? i.order_email : null,
        username: String(i.username ?? ''),
        first_name: typeof i.first_name === 'string' ? i.first_name : null,
      }));
    },

    /** The seller's stats of one month (`SELLER#<id>#STATS` / `MONTH#<yyyy-mm>`), zeros when nothing happened. */
    async monthStats(sellerId: string, month: string): Promise<StatsCounters> {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: statsKeys.seller(sellerId, `MONTH#${month}`),
          ConsistentRead: true,
        }),
      );
      return toCounters(Item);
    },

    /** Claims a seller's monthly report (once per seller and month). */
    async claimMonthlyReport(sellerId: string, month: string, at: string): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...reminderKeys.monthlyReport(sellerId, month), seller_id: sellerId, month, created_at: at },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** The report could not be sent: the claim is dropped so the next run sends it. */
    async releaseMonthlyReport(sellerId: string, month: string, at: string): Promise<void> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: reminderKeys.monthlyReport(sellerId, month),
            ConditionExpression: 'created_at = :at',
            ExpressionAttributeValues: { ':at': at },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}

export type SellerMailRepository = ReturnType<typeof createSellerMailRepository>;
