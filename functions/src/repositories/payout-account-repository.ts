import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * Where a seller's money goes (02 §3 "detail … iban, bic"). `payouts_enabled` stays false until the
 * product has checked the documents (`user/stipe-status` → isPayoutEnabled, later issue).
 */
export type PayoutAccountRecord = {
  seller_id: string;
  account_holder: string;
  /** Normalised: upper case, no spaces. */
  iban: string;
  bic: string;
  stripe_account_id: string | null;
  payouts_enabled: boolean;
  /** Stripe's view of the connected account, from the newest `account.updated` applied (issue 12). */
  charges_enabled?: boolean;
  details_submitted?: boolean;
  /** `created` (epoch s) and id of that event: an older event never overwrites a newer state. */
  stripe_event_created?: number;
  stripe_event_id?: string;
  created_at: string;
  updated_at: string;
};

export const payoutAccountKeys = {
  item: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'PAYOUT_ACCOUNT' }),
};

export type PayoutAccountRepository = ReturnType<typeof createPayoutAccountRepository>;

export function createPayoutAccountRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** For the seller registration transaction: written once, never over an existing one. */
    createPart(record: PayoutAccountRecord): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: { ...payoutAccountKeys.item(record.seller_id), entity: 'PayoutAccount', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    deletePart(sellerId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: payoutAccountKeys.item(sellerId) } };
    },

    async get(sellerId: string): Promise<PayoutAccountRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: payoutAccountKeys.item(sellerId) }));
      if (!Item) return undefined;
      return withoutKeys(Item) as PayoutAccountRecord;
    },

    /**
     * Records the seller's Connect account once: only while none is stored, so concurrent onboarding
     * starts keep the first. Answers the id that is stored afterwards (ours or the one that won).
     */
    async setStripeAccount(sellerId: string, accountId: string, at: string): Promise<string | undefined> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: payoutAccountKeys.item(sellerId),
            UpdateExpression: 'SET stripe_account_id = :acct, updated_at = :at',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(stripe_account_id) OR stripe_account_id = :null OR stripe_account_id = :acct)',
            ExpressionAttributeValues: { ':acct': accountId, ':at': at, ':null': null },
          }),
        );
        return accountId;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        return (await this.get(sellerId))?.stripe_account_id ?? undefined;
      }
    },

    /**
     * Applies an `account.updated` event's flags in one conditional write: only to the seller's own
     * account (or adopting it while none is stored: a crash between Stripe and our write), and only
     * if no newer event was applied (`created` ≥ the stored one). Answers whether it was applied.
     */
    async applyAccountStatus(
      sellerId: string,
      change: {
        accountId: string;
        payoutsEnabled: boolean;
        chargesEnabled: boolean;
        detailsSubmitted: boolean;
        eventId: string;
        eventCreated: number;
      },
      at: string,
    ): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: payoutAccountKeys.item(sellerId),
            UpdateExpression:
              'SET stripe_account_id = :acct, payouts_enabled = :payouts, charges_enabled = :charges, details_submitted = :details, stripe_event_created = :created, stripe_event_id = :event, updated_at = :at',
            ConditionExpression:
              'attribute_exists(PK) AND (attribute_not_exists(stripe_account_id) OR stripe_account_id = :null OR stripe_account_id = :acct) AND (attribute_not_exists(stripe_event_created) OR stripe_event_created <= :created)',
            ExpressionAttributeValues: {
              ':acct': change.accountId,
              ':payouts': change.payoutsEnabled,
              ':charges': change.chargesEnabled,
              ':details': change.detailsSubmitted,
              ':created': change.eventCreated,
              ':event': change.eventId,
              ':at': at,
              ':null': null,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
