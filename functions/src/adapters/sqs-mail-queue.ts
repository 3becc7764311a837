import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { MAIL_OUTBOX_PREFIX } from './bucket-prefixes.ts';
import { encodeMailJob, type MailQueue } from '../services/mail/mail-jobs.ts';

/**
 * Bodies above this size go to the private bucket (`mail-outbox/<uuid>.json`, expired by a lifecycle
 * rule after 15 days) and the message carries only the key: SQS takes at most 256 KiB per message by
 * default, and a mail with voucher PDFs is often more.
 */
export const MAX_INLINE_MESSAGE_BYTES = 200_000;
export const OUTBOX_PREFIX = MAIL_OUTBOX_PREFIX;

/** The stored bodies of large jobs (claim check); the worker reads and deletes them. */
export type MailOutbox = {
  put(key: string, body: string): Promise<void>;
  read(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
};

export function createS3MailOutbox(client: S3Client, bucket: string): MailOutbox {
  return {
    async put(key, body) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }),
      );
    },
    async read(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await result.Body?.transformToString('utf-8');
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** Enqueues mail jobs on the SQS queue (the same code locally, against the queue stand-in). */
export function createSqsMailQueue(client: SQSClient, queueUrl: string, outbox: MailOutbox): MailQueue {
  return {
    async enqueue(job) {
      let body = encodeMailJob(job);
      if (Buffer.byteLength(body) > MAX_INLINE_MESSAGE_BYTES) {
        const key = `${OUTBOX_PREFIX}${randomUUID()}.json`;
        await outbox.put(key, body);
        body = JSON.stringify({ kind: 'stored', key });
      }
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
    },
  };
}
