import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Origin } from '@gm/shared/admin/users';
import type { RoleName } from '@gm/shared/auth/roles';
import { queryAll, queryCount, queryUpTo } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed, isTransactionConflict } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/** A stored user profile. Credentials live in Cognito only. */
export type UserRecord = {
  id: string;
  username: string;
  email: string;
  role: RoleName;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  phone_number: string | null;
  region_id: number | null;
  is_activated: boolean;
  is_tourism: boolean;
  is_partner: boolean;
  can_generate: boolean;
  /** Tourism (issue 13): employees (buyers registered with an employee code) and their binding. */
  is_employee?: boolean;
  employee_uuid?: string | null;
  employee_code?: string | null;
  /** Employees and partner sellers: the tourism account they belong to. */
  tourism_id?: string | null;
  /** Employees: the partner seller their code bound them to. */
  partner_id?: string | null;
  /** Employees: their claim number (`UNIQUE#CLAIM_NO#<claimNo>`), the second half of the employee QR. */
  claim_no?: string | null;
  gift_locked: boolean;
  is_custom_auth: boolean;
  /** Admin switches (issue 11); absent on profiles made before them = false. */
  is_custom_confirmation?: boolean;
  monthly_reporting?: boolean;
  /** The holder unsubscribed from expiry reminders (issue 12, link in the reminder mail; no login). */
  reminders_opt_out?: boolean;
  /** Where the account came from (`ORIGIN` in shared/src/admin/users.ts, or the social provider); written at creation. */
  origin?: Origin | null;
  order_email: string | null;
  subdomain: string | null;
  /** For scanner users: the seller they work for. */
  seller_id: string | null;
  /** Scanner users (issue 6): the status the seller toggles; absent = active. */
  is_active?: boolean;
  /** Birth date YYYY-MM-DD (sellers: the owner's, from the verification step). */
  bday?: string | null;
  /** When each consent was given (ISO time); commission only for non-partner sellers. */
  consents?: { dataPrivacy: string; terms: string; commission: string | null };
  /** Optimistic lock of profile edits (`POST user/{id}`); absent on profiles never edited (= 0). */
  version?: number;
  /**
   * Account deletion (issue 11): set when an admin's deletion starts, so the authoriser and login
   * refuse the user from that moment; kept on the tombstone (docs/data-model.md §4.1 "Account deletion").
   */
  deleted_at?: string | null;
  /** `in_progress` from the start of a deletion until the tombstone is written (`done`); a rerun resumes. */
  deletion_state?: 'in_progress' | 'done';
  /** Social identities found in Cognito when the deletion started; their UNIQUE#IDENTITY items are freed. */
  deletion_identities?: { provider: string; subject: string }[];
  created_at: string;
  updated_at: string;
};

export type UniqueField = 'email' | 'username';

export const userKeys = {
  profile: (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  unique: (field: UniqueField | 'subdomain', value: string) => ({
    PK: `UNIQUE#${field.toUpperCase()}#${value.trim().toLowerCase()}`,
    SK: 'UNIQUE',
  }),
  byRole: (role: RoleName, username: string) => ({ GSI1PK: `ROLE#${role}`, GSI1SK: username.trim().toLowerCase() }),
  /** Present exactly while a seller is a partner (`is_partner`). */
  partner: (username: string) => ({ GSI3PK: 'PARTNERS', GSI3SK: username.trim().toLowerCase() }),
  /** Scanner users only (issue 6): the seller's staff list, GSI2 `SELLER#<sellerId>#SCANNERS` / `<created_at>`. */
  scanners: (sellerId: string) => `SELLER#${sellerId}#SCANNERS`,
  /** A federated sign-in: the Cognito provider name (lower-cased) and the provider's user id (verbatim, it is case-sensitive). */
  identity: (provider: string, subject: string) => ({
    PK: `UNIQUE#IDENTITY#${provider.trim().toLowerCase()}#${subject}`,
    SK: 'UNIQUE',
  }),
};

/** Thrown by `create` when a condition of one of the caller's `extra` parts failed (index into `extra`). */
export class ExtraPartsFailed extends Error {
  constructor(readonly indices: number[]) {
    super(`extra transaction parts failed: ${indices.join(', ')}`);
  }
}

/** Thrown by `create` when another transaction held one of its items (nothing written; worth a retry). */
export class CreateConflict extends Error {
  constructor() {
    super('transaction conflict while creating the user');
  }
}

/** Thrown when a uniqueness item already exists; `fields` names which ones. */
export class UniquenessConflict extends Error {
  constructor(readonly fields: UniqueField[]) {
    super(`already taken: ${fields.join(', ')}`);
  }
}

export type UserRepository = ReturnType<typeof createUserRepository>;

const fromItem = (item: Record<string, unknown>): UserRecord => withoutKeys(item) as UserRecord;

/**
 * A user's profile by id, and nothing else: what the authentication of every request reads (lib/http.ts),
 * so a route that does not use the repository does not bundle it (issue 15). The repository's `get` is this.
 */
export function createUserReader(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(id: string): Promise<UserRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: userKeys.profile(id) }));
      return Item ? fromItem(Item) : undefined;
    },
  };
}

export function createUserRepository(db: DynamoDBDocumentClient, tableName: string) {
  const reader = createUserReader(db, tableName);

  async function deleteOwned(key: { PK: string; SK: string }, userId: string): Promise<void> {
    try {
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: key,
          ConditionExpression: 'user_id = :id',
          ExpressionAttributeValues: { ':id': userId },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  /** The key condition of a role's users, with a username prefix if one is given (an empty `begins_with` is refused). */
  const roleKey = (role: RoleName, prefix: string) => {
    const lower = prefix.trim().toLowerCase();
    return lower
      ? {
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `ROLE#${role}`, ':prefix': lower },
        }
      : { KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `ROLE#${role}` } };
  };

  return {
    /**
     * Creates profile and uniqueness items (e-mail, username, subdomain) in one transaction: anything
     * taken writes nothing. `extra` parts (a seller's company, verification, payout account) commit
     * in the same transaction.
     */
    async create(user: UserRecord, extra: readonly TransactionPart[] = []): Promise<void> {
      const uniqueItem = (field: UniqueField | 'subdomain', value: string) => ({
        Put: {
          TableName: tableName,
          Item: {
            ...userKeys.unique(field, value),
            // Subdomains are also listed for the admin's subdomain table (docs/data-model.md).
            ...(field === 'subdomain' ? { GSI1PK: 'SUBDOMAINS', GSI1SK: value.trim().toLowerCase() } : {}),
            entity: 'Unique',
            user_id: user.id,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              uniqueItem('email', user.email),
              uniqueItem('username', user.username),
              ...(user.subdomain ? [uniqueItem('subdomain', user.subdomain)] : []),
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...userKeys.profile(user.id),
                    ...userKeys.byRole(user.role, user.username),
                    ...(user.is_partner ? userKeys.partner(user.username) : {}),
                    ...(user.role === 'scanner' && user.seller_id
                      ? { GSI2PK: userKeys.scanners(user.seller_id), GSI2SK: user.created_at }
                      : {}),
                    entity: 'User',
                    ...user,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              ...extra,
            ],
          }),
        );
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.length) {
          const fields = failed.flatMap((index): UniqueField[] =>
            index === 0 ? ['email'] : index === 1 ? ['username'] : [],
          );
          if (!fields.length) {
            const offset = 3 + (user.subdomain ? 1 : 0);
            const extraFailed = failed.filter((index) => index >= offset).map((index) => index - offset);
            if (extraFailed.length) throw new ExtraPartsFailed(extraFailed);
            throw new Error(`subdomain ${user.subdomain} or user ${user.id} already exists`);
          }
          throw new UniquenessConflict(fields);
        }
        if (isTransactionConflict(error)) throw new CreateConflict();
        throw error;
      }
    },

    /** Compensation when the identity provider refused the account after the items were written (with the same `extra` items, as delete parts). */
    async remove(
      user: Pick<UserRecord, 'id' | 'email' | 'username'>,
      extra: readonly TransactionPart[] = [],
    ): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName,
                Key: userKeys.unique('email', user.email),
                ConditionExpression: 'user_id = :id',
                ExpressionAttributeValues: { ':id': user.id },
              },
            },
            {
              Delete: {
                TableName: tableName,
                Key: userKeys.unique('username', user.username),
                ConditionExpression: 'user_id = :id',
                ExpressionAttributeValues: { ':id': user.id },
              },
            },
            { Delete: { TableName: tableName, Key: userKeys.profile(user.id) } },
            ...extra,
          ],
        }),
      );
    },

    get: reader.get,

    /** The user id holding a unique value (e-mail, username or a seller's subdomain), if any. */
    async ownerOf(field: UniqueField | 'subdomain', value: string): Promise<string | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: userKeys.unique(field, value) }));
      return Item?.user_id as string | undefined;
    },

    /** The user a federated identity (provider + the provider's user id) was linked to, if any. */
    async ownerOfIdentity(provider: string, subject: string): Promise<string | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: userKeys.identity(provider, subject), ConsistentRead: true }),
      );
      return Item?.user_id as string | undefined;
    },

    /** The identity item as an `extra` part of `create`: a profile made by a first social sign-in commits with its identity. */
    identityPart(provider: string, subject: string, userId: string): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: { ...userKeys.identity(provider, subject), entity: 'Unique', user_id: userId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    /**
     * Links a federated identity to an existing user. Idempotent for the same user; false when the
     * identity already belongs to someone else (nothing is written then).
     */
    async linkIdentity(provider: string, subject: string, userId: string): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...userKeys.identity(provider, subject), entity: 'Unique', user_id: userId },
            ConditionExpression: 'attribute_not_exists(PK) OR user_id = :id',
            ExpressionAttributeValues: { ':id': userId },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /**
     * Starts an account deletion (issue 11): marks the profile `deletion_state = in_progress` and sets
     * `deleted_at` (the user is locked out from here on), together with `extra` parts (the audit entry).
     * False when the profile is gone or a deletion already started (nothing is written then).
     */
    async startDeletion(
      id: string,
      at: string,
      identities: { provider: string; subject: string }[],
      extra: readonly TransactionPart[] = [],
    ): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: userKeys.profile(id),
                  UpdateExpression:
                    'SET deleted_at = :at, deletion_state = :state, deletion_identities = :identities, updated_at = :at',
                  ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_state)',
                  ExpressionAttributeValues: { ':at': at, ':state': 'in_progress', ':identities': identities },
                },
              },
              ...extra,
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return false;
        throw error;
      }
    },

    /**
     * Frees a uniqueness item (e-mail, username, subdomain) if it still belongs to `userId`, so the value
     * can be registered again. Idempotent: an item already gone, or meanwhile taken by someone else, stays.
     */
    async releaseUnique(field: UniqueField | 'subdomain', value: string, userId: string): Promise<void> {
      await deleteOwned(userKeys.unique(field, value), userId);
    },

    /** Frees a social identity item if it still belongs to `userId` (a new sign-in then makes a new account). */
    async releaseIdentity(provider: string, subject: string, userId: string): Promise<void> {
      await deleteOwned(userKeys.identity(provider, subject), userId);
    },

    /**
     * Replaces the profile of a deletion in progress with its tombstone: id, role, origin, the scanner's
     * seller id, `created_at`, `deleted_at` and placeholders for username and e-mail; no index keys, so
     * it leaves every list. False when it is not (or no longer) in progress.
     */
    async putTombstone(user: UserRecord, at: string): Promise<boolean> {
      const origin = (user as { origin?: unknown }).origin;
      const tombstone: UserRecord = {
        id: user.id,
        username: `deleted-${user.id}`,
        email: `deleted-${user.id}@invalid`,
        role: user.role,
        first_name: null,
        last_name: null,
        address: null,
        city: null,
        zip_code: null,
        phone_number: null,
        region_id: null,
        is_activated: false,
        is_tourism: false,
        is_partner: false,
        can_generate: false,
        gift_locked: false,
        is_custom_auth: false,
        order_email: null,
        subdomain: null,
        seller_id: user.seller_id ?? null,
        deleted_at: user.deleted_at ?? at,
        deletion_state: 'done',
        created_at: user.created_at,
        updated_at: at,
      };
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...userKeys.profile(user.id),
              entity: 'User',
              ...tombstone,
              ...(typeof origin === 'string' ? { origin } : {}),
            },
            ConditionExpression: 'deletion_state = :state',
            ExpressionAttributeValues: { ':state': 'in_progress' },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /**
     * One page of a role's users in username order whose username starts with `prefix` (admin
     * /users, issue 11): Q GSI1 `ROLE#<role>` + `begins_with`, `Limit` and a start key (cursor paging).
     */
    async pageByRole(
      role: RoleName,
      prefix: string,
      limit: number,
      startKey?: Record<string, unknown>,
    ): Promise<{ items: UserRecord[]; lastKey?: Record<string, unknown> }> {
      const query = new QueryCommand({ TableName: tableName, IndexName: 'GSI1', ...roleKey(role, prefix) });
      const page = await queryUpTo(db, query, limit, startKey);
      return { ...page, items: page.items.map(fromItem) };
    },

    /** How many users of a role have a username starting with `prefix` (COUNT query on the same key). */
    countByRole: (role: RoleName, prefix: string): Promise<number> =>
      queryCount(db, new QueryCommand({ TableName: tableName, IndexName: 'GSI1', ...roleKey(role, prefix) })),

    /** Every user of a role in username order. Only for the bounded roles (sellers, scanners, admins). */
    async allByRole(role: Exclude<RoleName, 'user'>): Promise<UserRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': `ROLE#${role}` },
        }),
      );
      return items.map(fromItem);
    },

    /**
     * Sets one admin switch (issue 11) in the same transaction as `extra` (the audit entry), on the
     * condition that it still holds the value read (`from`; absent counts as false). False when the
     * profile is gone or the switch was changed meanwhile (nothing written).
     */
    async setFlag(
      id: string,
      field: 'gift_locked' | 'is_custom_auth' | 'is_custom_confirmation' | 'monthly_reporting' | 'is_tourism',
      from: boolean,
      now: string,
      extra: readonly TransactionPart[] = [],
    ): Promise<boolean> {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: userKeys.profile(id),
                  UpdateExpression: 'SET #f = :to, updated_at = :now',
                  ConditionExpression: from
                    ? 'attribute_exists(PK) AND #f = :from'
                    : 'attribute_exists(PK) AND (attribute_not_exists(#f) OR #f = :from)',
                  ExpressionAttributeNames: { '#f': field },
                  ExpressionAttributeValues: { ':to': !from, ':from': from, ':now': now },
                },
              },
              ...extra,
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return false;
        throw error;
      }
    },

    /** Users of a role whose username starts with `prefix` (admin lists, gifting search). */
    async listByRole(role: RoleName, prefix = '', limit = 20): Promise<UserRecord[]> {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `ROLE#${role}`, ':prefix': prefix.trim().toLowerCase() },
          Limit: limit,
        }),
      );
      return Items.map(fromItem);
    },
  };
}
