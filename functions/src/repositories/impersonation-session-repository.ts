import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * An admin's impersonation session (data-model §4.10): `IMPERSONATION#<sha256 of jti>`/`SESSION`.
 * The token is only valid while this item exists, so ending it (the way back, logout) revokes the
 * token at once; `ttl` lets DynamoDB clean up sessions nobody ended.
 */
export type ImpersonationSession = {
  admin_id: string;
  target_id: string;
  /** Token expiry, epoch seconds. */
  expires_at: number;
  created_at: string;
};

export const impersonationKeys = {
  session: (jtiHash: string) => ({ PK: `IMPERSONATION#${jtiHash}`, SK: 'SESSION' }),
};

export type ImpersonationSessionRepository = ReturnType<typeof createImpersonationSessionRepository>;

export function createImpersonationSessionRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async put(jtiHash: string, session: ImpersonationSession): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...impersonationKeys.session(jtiHash),
            entity: 'ImpersonationSession',
            ...session,
            // One hour past the token's end: the item outlives every token it could still validate.
            ttl: session.expires_at + 3600,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },

    /** Strongly consistent, so a session ended a moment ago is already gone. */
    async get(jtiHash: string): Promise<ImpersonationSession | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: impersonationKeys.session(jtiHash), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        admin_id: Item.admin_id as string,
        target_id: Item.target_id as string,
        expires_at: Item.expires_at as number,
        created_at: Item.created_at as string,
      };
    },

    /** Ends the session (idempotent). */
    async end(jtiHash: string): Promise<void> {
      await db.send(new DeleteCommand({ TableName: tableName, Key: impersonationKeys.session(jtiHash) }));
    },
  };
}
