import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

/** The pointer to the current search snapshot: one small item, read by every search container (cached a few seconds). */
export const searchSnapshotKeys = { pointer: () => ({ PK: 'SEARCH#SNAPSHOT', SK: 'POINTER' }) };

/**
 * Which snapshot is current. `version` is the time (ms) the builder started reading the catalogue
 * projection: every change committed before it is in the snapshot.
 */
export type SearchSnapshotPointer = {
  version: number;
  /** Object key in the private bucket (below `search-snapshots/`). */
  key: string;
  built_at: string;
  entries: number;
  /** Stored (gzip) and decoded sizes. */
  bytes: number;
  raw_bytes: number;
  /** The snapshot this one replaced (deleted by the next swap, so a container still loading it finishes). */
  previous_key?: string;
};

export type SearchSnapshotRepository = ReturnType<typeof createSearchSnapshotRepository>;

export function createSearchSnapshotRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(): Promise<SearchSnapshotPointer | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: searchSnapshotKeys.pointer() }));
      if (!Item) return undefined;
      return withoutKeys(Item) as SearchSnapshotPointer;
    },

    /** Makes `pointer` current unless a newer snapshot is already (two builders racing: the later read wins). */
    async swap(pointer: SearchSnapshotPointer): Promise<boolean> {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...searchSnapshotKeys.pointer(), entity: 'SearchSnapshotPointer', ...pointer },
            ConditionExpression: 'attribute_not_exists(PK) OR #version < :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': pointer.version },
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
