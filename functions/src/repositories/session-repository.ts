import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * Sign-in sessions of the web (issue 14, data-model §4.11): one item per browser session on the
 * user's partition, `USER#<id>`/`SESSION#<sha256 of the cookie secret>`, holding the Cognito refresh
 * token sealed under that secret (the table alone cannot refresh anyone). The item is the source of
 * truth: no item, no refresh, locally and on AWS alike.
 *
 * And the user's sign-out cut-off, `USER#<id>`/`SIGN_OUT`: ID tokens issued at or before
 * `valid_after` (epoch seconds) are refused by the authoriser.
 */
export type StoredSession = {
  /** The refresh token, AES-256-GCM under a key derived from the cookie's secret (`lib/session-cookie.ts`). */
  sealed_refresh_token: string;
  created_at: string;
  /** Epoch seconds: the refresh token's own end (30 days after sign-in). */
  expires_at: number;
};

export const sessionKeys = {
  session: (userId: string, sessionId: string) => ({ PK: `USER#${userId}`, SK: `SESSION#${sessionId}` }),
  signOut: (userId: string) => ({ PK: `USER#${userId}`, SK: 'SIGN_OUT' }),
};

/** ID tokens live one hour: two hours after a cut-off no token it could refuse is still valid. */
const SIGN_OUT_KEPT_SECONDS = 2 * 3600;

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/**
 * The sign-out cut-off alone: what the authentication of every request reads (lib/http.ts), so a route
 * that does not use the sessions does not bundle them (issue 15). The repository's `validAfter` is this.
 */
export function createSignOutReader(
  db: DynamoDBDocumentClient,
  tableName: string,
): { validAfter(userId: string): Promise<number> } {
  return {
    /** The sign-out cut-off in epoch seconds; 0 when the user never signed out (or it expired). */
    async validAfter(userId: string): Promise<number> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: sessionKeys.signOut(userId) }));
      const value = Number(Item?.valid_after);
      return Number.isFinite(value) ? value : 0;
    },
  };
}

export function createSessionRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async put(userId: string, sessionId: string, session: StoredSession): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...sessionKeys.session(userId, sessionId), entity: 'Session', ...session, ttl: session.expires_at },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },

    /** Strongly consistent, so a session ended a moment ago is already gone. */
    async get(userId: string, sessionId: string): Promise<StoredSession | undefined> {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: sessionKeys.session(userId, sessionId),
          ConsistentRead: true,
        }),
      );
      if (!Item || typeof Item.sealed_refresh_token !== 'string') return undefined;
      return {
        sealed_refresh_token: Item.sealed_refresh_token,
        created_at: String(Item.created_at),
        expires_at: Number(Item.expires_at),
      };
    },

    /** Ends the session (idempotent). */
    async end(userId: string, sessionId: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: sessionKeys.session(userId, sessionId) }));
    },

    /** Account deletion (data-model §4.1): every session of the user and the cut-off go. */
    async accountDeletionParts(userId: string): Promise<TransactionPart[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'SESSION#' },
          ProjectionExpression: 'PK, SK',
        }),
      );
      return [...items.map((item) => ({ PK: item.PK, SK: item.SK })), sessionKeys.signOut(userId)].map((Key) => ({
        Delete: { TableName: tableName, Key },
      }));
    },

    validAfter: createSignOutReader(db, tableName).validAfter,

    /** Moves the cut-off forward to `epochSeconds`; an equal or later cut-off stays. */
    async refuseTokensUpTo(userId: string, epochSeconds: number): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: sessionKeys.signOut(userId),
            UpdateExpression: 'SET valid_after = :t, entity = :e, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(valid_after) OR valid_after < :t',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':t': epochSeconds,
              ':e': 'SignOut',
              ':ttl': epochSeconds + SIGN_OUT_KEPT_SECONDS,
            },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },
  };
}
