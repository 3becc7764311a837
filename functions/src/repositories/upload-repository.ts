import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ImagePurpose } from '@gm/shared/uploads/contracts';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { withoutKeys } from './item-keys.ts';

/** A granted upload: who may use it, for what, and where the file waits in the private bucket. */
export type UploadRecord = {
  id: string;
  owner_id: string;
  purpose: ImagePurpose;
  content_type: string;
  declared_size: number;
  object_key: string;
  created_at: string;
  expires_at: number;
  /** Set by POST upload/image/{id}/check once the bytes decoded in full: their sha256 (hex) and size in pixels. */
  checked_sha256?: string;
  width?: number;
  height?: number;
};

export const uploadKeys = { upload: (id: string) => ({ PK: `UPLOAD#${id}`, SK: 'UPLOAD' }) };

export type UploadRepository = ReturnType<typeof createUploadRepository>;

export function createUploadRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async put(upload: UploadRecord): Promise<void> {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...uploadKeys.upload(upload.id), entity: 'Upload', ...upload, ttl: upload.expires_at },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    },

    async get(id: string): Promise<UploadRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: uploadKeys.upload(id), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return withoutKeys(Item, 'ttl') as UploadRecord;
    },

    /** Records that the file decoded in full; false if the upload is gone or not the owner's. */
    async markChecked(
      id: string,
      ownerId: string,
      check: { checked_sha256: string; width: number; height: number },
    ): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: uploadKeys.upload(id),
            UpdateExpression: 'SET checked_sha256 = :sha, width = :w, height = :h',
            ConditionExpression: 'attribute_exists(PK) AND owner_id = :owner',
            ExpressionAttributeValues: {
              ':sha': check.checked_sha256,
              ':w': check.width,
              ':h': check.height,
              ':owner': ownerId,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** Uses the upload up; false if another request used it first, so one file is published once. */
    async consume(id: string, ownerId: string): Promise<boolean> {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: uploadKeys.upload(id),
            ConditionExpression: 'owner_id = :owner',
            ExpressionAttributeValues: { ':owner': ownerId },
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
