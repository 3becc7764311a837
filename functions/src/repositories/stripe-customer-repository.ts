import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `USER#<userId>` / `STRIPE_CUSTOMER` (docs/data-model.md "StripeCustomer"): the buyer's Stripe
 * customer and the one saved card. The profile's `stripe_is_save` (the spec's `stripe {is_save}`)
 * is written in the same transaction as the card.
 */
export type StripeCustomerRecord = {
  user_id: string;
  stripe_customer_id: string;
  default_payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  is_save: boolean;
  created_at: string;
  updated_at: string;
};

export type CardDetails = { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };

export const stripeCustomerKeys = {
  item: (userId: string) => ({ PK: `USER#${userId}`, SK: 'STRIPE_CUSTOMER' }),
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
};

/** The card changed since the caller read it (a concurrent save or removal). */
export class SavedCardConflict extends Error {
  constructor() {
    super('saved card changed meanwhile');
  }
}

export type StripeCustomerRepository = ReturnType<typeof createStripeCustomerRepository>;

export function createStripeCustomerRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** Condition: the stored default card is still `expected` (null = none stored). */
  const sameCard = (expected: string | null) =>
    expected === null
      ? {
          ConditionExpression: 'attribute_not_exists(default_payment_method_id) OR default_payment_method_id = :none',
          values: { ':none': null },
        }
      : { ConditionExpression: 'default_payment_method_id = :expected', values: { ':expected': expected } };

  async function writeCard(
    userId: string,
    expected: string | null,
    sets: string,
    values: Record<string, unknown>,
    isSave: boolean,
    now: string,
  ): Promise<void> {
    const condition = sameCard(expected);
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: stripeCustomerKeys.item(userId),
                UpdateExpression: `SET ${sets}, is_save = :isSave, updated_at = :now`,
                ConditionExpression: `attribute_exists(stripe_customer_id) AND (${condition.ConditionExpression})`,
                ExpressionAttributeValues: { ...values, ...condition.values, ':isSave': isSave, ':now': now },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: stripeCustomerKeys.profile(userId),
                UpdateExpression: 'SET stripe_is_save = :isSave',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':isSave': isSave },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (failedConditions(error)?.length) throw new SavedCardConflict();
      throw error;
    }
  }

  return {
    async get(userId: string): Promise<StripeCustomerRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: stripeCustomerKeys.item(userId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return withoutKeys(Item) as StripeCustomerRecord;
    },

    /** Account deletion (issue 11): the item goes after the customer was deleted at Stripe. */
    deletePart(userId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: stripeCustomerKeys.item(userId) } };
    },

    /** Records the Stripe customer once; answers the id stored (a concurrent first save may have won). */
    async putCustomer(userId: string, customerId: string, now: string): Promise<string> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: stripeCustomerKeys.item(userId),
            UpdateExpression:
              'SET entity = :entity, user_id = :user, stripe_customer_id = :customer, is_save = if_not_exists(is_save, :false), created_at = :now, updated_at = :now',
            ConditionExpression: 'attribute_not_exists(stripe_customer_id)',
            ExpressionAttributeValues: {
              ':entity': 'StripeCustomer',
              ':user': userId,
              ':customer': customerId,
              ':false': false,
              ':now': now,
            },
          }),
        );
        return customerId;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const stored = await this.get(userId);
        return stored!.stripe_customer_id;
      }
    },

    /** Stores `card` as the saved card if the stored one is still `expected`; else SavedCardConflict. */
    async saveCard(userId: string, expected: string | null, card: CardDetails, now: string): Promise<void> {
      await writeCard(
        userId,
        expected,
        'default_payment_method_id = :pm, card_brand = :brand, card_last4 = :last4, card_exp_month = :month, card_exp_year = :year',
        {
          ':pm': card.paymentMethodId,
          ':brand': card.brand,
          ':last4': card.last4,
          ':month': card.expMonth,
          ':year': card.expYear,
        },
        true,
        now,
      );
    },

    /** Forgets the saved card if it is still `expected`; else SavedCardConflict. */
    async removeCard(userId: string, expected: string, now: string): Promise<void> {
      await writeCard(
        userId,
        expected,
        'default_payment_method_id = :none, card_brand = :none, card_last4 = :none, card_exp_month = :none, card_exp_year = :none',
        { ':none': null },
        false,
        now,
      );
    },
  };
}
