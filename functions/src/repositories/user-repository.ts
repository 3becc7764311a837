import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RoleName } from '@gm/shared/auth/roles';
import { failedConditions } from './transaction-errors.ts';

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
  gift_locked: boolean;
  is_custom_auth: boolean;
  order_email: string | null;
  subdomain: string | null;
  /** For scanner users: the seller they work for. */
  seller_id: string | null;
  created_at: string;
  updated_at: string;
};

export type UniqueField = 'email' | 'username';

export const userKeys = {
  profile: (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  unique: (field: UniqueField | 'subdomain', value: string) => ({ PK: `UNIQUE#${field.toUpperCase()}#${value.trim().toLowerCase()}`, SK: 'UNIQUE' }),
  byRole: (role: RoleName, username: string) => ({ GSI1PK: `ROLE#${role}`, GSI1SK: username.trim().toLowerCase() }),
};

/** Thrown when a uniqueness item already exists; `fields` names which ones. */
export class UniquenessConflict extends Error {
  constructor(readonly fields: UniqueField[]) {
    super(`already taken: ${fields.join(', ')}`);
  }
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: DynamoDBDocumentClient, tableName: string) {
  const fromItem = (item: Record<string, unknown>): UserRecord => {
    const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, entity: _e, ...rest } = item;
    return rest as UserRecord;
  };

  return {
    /** Creates profile and uniqueness items (e-mail, username, subdomain) in one transaction: anything taken writes nothing. */
    async create(user: UserRecord): Promise<void> {
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
                  Item: { ...userKeys.profile(user.id), ...userKeys.byRole(user.role, user.username), entity: 'User', ...user },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
      } catch (error) {
        const failed = failedConditions(error);
        if (failed?.length) {
          const fields = failed.flatMap((index): UniqueField[] => (index === 0 ? ['email'] : index === 1 ? ['username'] : []));
          if (!fields.length) throw new Error(`subdomain ${user.subdomain} or user ${user.id} already exists`);
          throw new UniquenessConflict(fields);
        }
        throw error;
      }
    },

    /** Compensation when the identity provider refused the account after the items were written. */
    async remove(user: Pick<UserRecord, 'id' | 'email' | 'username'>): Promise<void> {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: userKeys.unique('email', user.email), ConditionExpression: 'user_id = :id', ExpressionAttributeValues: { ':id': user.id } } },
            { Delete: { TableName: tableName, Key: userKeys.unique('username', user.username), ConditionExpression: 'user_id = :id', ExpressionAttributeValues: { ':id': user.id } } },
            { Delete: { TableName: tableName, Key: userKeys.profile(user.id) } },
          ],
        }),
      );
    },

    async get(id: string): Promise<UserRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: userKeys.profile(id) }));
      return Item ? fromItem(Item) : undefined;
    },

    /** The user id holding a unique value (e-mail or username), if any. */
    async ownerOf(field: UniqueField, value: string): Promise<string | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: userKeys.unique(field, value) }));
      return Item?.user_id as string | undefined;
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
