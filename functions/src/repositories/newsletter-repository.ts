import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { NewsletterSource } from '@gm/shared/admin/newsletter';
import { queryAll } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** `NEWSLETTER#<email>`/`NEWSLETTER` (docs/data-model.md "Tourism, contact, newsletter"; issue 13). */
export type NewsletterSubscriber = {
  email: string;
  status: NewsletterStatus;
  source: NewsletterSource;
  /** When the address last ticked the consent box (a sign-up), and the HMAC-SHA256 of the caller's IP then (no raw IP). */
  consent_at: string;
  ip_hash: string;
  created_at: string;
  /** sha256 of the live confirmation token (only while pending). */
  confirm_token_hash?: string;
  /** When the last confirmation mail went out (resends wait RESEND_AFTER). */
  confirm_sent_at?: string;
  confirmed_at?: string;
  unsubscribed_at?: string;
};

export type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';

export const newsletterKeys = {
  subscriber: (email: string) => ({ PK: `NEWSLETTER#${email}`, SK: 'NEWSLETTER' }),
  feed: (createdAt: string, email: string) => ({ GSI1PK: 'NEWSLETTER', GSI1SK: `${createdAt}#${email}` }),
  /** sha256 of a confirmation or unsubscribe token → its address (no token is stored). */
  token: (hash: string) => ({ PK: `NEWSLETTER_TOKEN#${hash}`, SK: 'TOKEN' }),
};

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;

/** What a sign-up writes: the subscriber as pending with a fresh confirmation token. */
export type PendingSignUp = {
  email: string;
  source: NewsletterSource;
  at: string;
  ipHash: string;
  confirmHash: string;
  confirmTtl: number;
  unsubscribeHash: string;
};

export function createNewsletterRepository(db: DynamoDBDocumentClient, tableName: string) {
  const tokenItem = (hash: string, email: string, purpose: NewsletterTokenPurpose, at: string, ttl?: number) => ({
    ...newsletterKeys.token(hash),
    entity: 'NewsletterToken',
    email,
    purpose,
    created_at: at,
    ...(ttl ? { ttl } : {}),
  });

  return {
    async get(email: string): Promise<NewsletterSubscriber | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: newsletterKeys.subscriber(email), ConsistentRead: true }),
      );
      return Item ? (withoutKeys(Item) as NewsletterSubscriber) : undefined;
    },

    /**
     * A first sign-up, or a new one after an unsubscribe: the subscriber becomes pending with the new
     * consent and token. `previous` is the state read before (undefined = none); the write is
     * conditioned on it, so two concurrent sign-ups of one address make one pending item and one mail.
     * False when another request got there first.
     */
    async putPending(input: PendingSignUp, previous: NewsletterSubscriber | undefined): Promise<boolean> {
      const item = {
        ...newsletterKeys.subscriber(input.email),
        ...newsletterKeys.feed(previous?.created_at ?? input.at, input.email),
        entity: 'NewsletterSubscriber',
        email: input.email,
        status: 'pending',
        source: input.source,
        consent_at: input.at,
        ip_hash: input.ipHash,
        created_at: previous?.created_at ?? input.at,
        confirm_token_hash: input.confirmHash,
        confirm_sent_at: input.at,
      };
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: item,
                  ...(previous
                    ? {
                        ConditionExpression: '#status = :status',
                        ExpressionAttributeNames: { '#status': 'status' },
                        ExpressionAttributeValues: { ':status': previous.status },
                      }
                    : { ConditionExpression: 'attribute_not_exists(PK)' }),
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: tokenItem(input.confirmHash, input.email, 'confirm', input.at, input.confirmTtl),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              // The unsubscribe token is derived from the address (HMAC), so it is the same item every time.
              {
                Put: {
                  TableName: tableName,
                  Item: tokenItem(input.unsubscribeHash, input.email, 'unsubscribe', input.at),
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

    /**
     * A resend for a pending address: a new confirmation token replaces the old one (which stops
     * working), conditioned on the last send time read before, so concurrent resends send once.
     */
    async rotateConfirmToken(
      email: string,
      previous: Pick<NewsletterSubscriber, 'confirm_sent_at' | 'confirm_token_hash'>,
      next: { confirmHash: string; confirmTtl: number; at: string; ipHash: string; source: NewsletterSource },
    ): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: newsletterKeys.subscriber(email),
                  UpdateExpression:
                    'SET confirm_token_hash = :hash, confirm_sent_at = :at, consent_at = :at, ip_hash = :ip, #source = :source',
                  ConditionExpression: '#status = :pending AND confirm_sent_at = :previous',
                  ExpressionAttributeNames: { '#status': 'status', '#source': 'source' },
                  ExpressionAttributeValues: {
                    ':hash': next.confirmHash,
                    ':at': next.at,
                    ':ip': next.ipHash,
                    ':source': next.source,
                    ':pending': 'pending',
                    ':previous': previous.confirm_sent_at ?? '',
                  },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: tokenItem(next.confirmHash, email, 'confirm', next.at, next.confirmTtl),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              ...(previous.confirm_token_hash
                ? [{ Delete: { TableName: tableName, Key: newsletterKeys.token(previous.confirm_token_hash) } }]
                : []),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.length) return false;
        throw error;
      }
    },

    /** The address a live token stands for (an expired one, not yet removed by TTL, counts as gone). */
    async tokenOwner(hash: string, purpose: NewsletterTokenPurpose, nowSeconds: number): Promise<string | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: newsletterKeys.token(hash), ConsistentRead: true }),
      );
      if (!Item || Item.purpose !== purpose) return undefined;
      if (typeof Item.ttl === 'number' && Item.ttl <= nowSeconds) return undefined;
      return Item.email as string;
    },

    /**
     * Confirms once: deletes the confirmation token and marks the subscriber confirmed in one
     * transaction, both conditioned on that token, so a second use (or a race) finds nothing. False = not
     * (or no longer) valid.
     */
    async confirm(email: string, hash: string, at: string, nowSeconds: number): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: newsletterKeys.token(hash),
                  ConditionExpression: 'purpose = :confirm AND (attribute_not_exists(#ttl) OR #ttl > :now)',
                  ExpressionAttributeNames: { '#ttl': 'ttl' },
                  ExpressionAttributeValues: { ':confirm': 'confirm', ':now': nowSeconds },
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: newsletterKeys.subscriber(email),
                  UpdateExpression: 'SET #status = :confirmed, confirmed_at = :at REMOVE confirm_token_hash',
                  ConditionExpression: '#status = :pending AND confirm_token_hash = :hash',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':confirmed': 'confirmed',
                    ':pending': 'pending',
                    ':hash': hash,
                    ':at': at,
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

    /** Unsubscribes (repeatable): a pending confirmation link stops working too. False = no such subscriber. */
    async unsubscribe(email: string, at: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: newsletterKeys.subscriber(email),
            UpdateExpression:
              'SET #status = :unsubscribed, unsubscribed_at = if_not_exists(unsubscribed_at, :at) REMOVE confirm_token_hash',
            ConditionExpression: 'attribute_exists(PK) AND #status <> :unsubscribed',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':unsubscribed': 'unsubscribed', ':at': at },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return (await this.get(email)) !== undefined;
        throw error;
      }
    },

    /** Confirmed subscribers, oldest first (admin CSV; the one `NEWSLETTER` partition, filtered). */
    async listConfirmed(): Promise<NewsletterSubscriber[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: '#status = :confirmed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pk': 'NEWSLETTER', ':confirmed': 'confirmed' },
        }),
      );
      return items.map((item) => withoutKeys(item) as NewsletterSubscriber);
    },
  };
}
