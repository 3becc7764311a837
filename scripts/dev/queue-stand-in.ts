import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * A local SQS for the mail queue (issue 14). No SQS emulator installs offline here (fauxqs needs
 * Node 22; sqslite and local-aws-sqs speak only the old query protocol, the SDK v3 speaks JSON), so
 * this is our own, like the Stripe stand-in:
 * - it answers the SDK's `SendMessage` (AWS JSON 1.0 protocol), so the functions' SQS adapter runs
 *   unchanged against it (only the endpoint differs, lib/env.ts);
 * - it plays the event source mapping: shortly after a send it calls the consumer (the worker's
 *   Lambda handler) with an `SQSEvent` batch, reads `batchItemFailures`, makes failed messages
 *   visible again after a short back-off, and after `maxReceiveCount` receives moves them to a
 *   dead-letter list (the DLQ of the CDK queue);
 * - test hooks: `POST /__queue/drain` (answers once every queue is empty and nothing is in flight),
 *   `POST /__queue/pause` / `resume`, `GET /__queue/dead-letters?queue=<name>`.
 */
export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export type LocalQueueOptions = {
  name: string;
  /** Loaded on the first delivery (the handler module reads the environment at cold start). */
  consumer: () => Promise<QueueConsumer>;
  /** Like the redrive policy: receives before a message goes to the dead letters. */
  maxReceiveCount?: number;
  batchSize?: number;
  /** Back-off before a failed message is visible again: retryDelayMs × 2^(receives − 1). */
  retryDelayMs?: number;
  quiet?: boolean;
};

type Message = {
  messageId: string;
  body: string;
  md5: string;
  sentAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
  visibleAt: number;
};

export type DeadLetter = { messageId: string; body: string; receiveCount: number };

/** The mail queue's name locally (issue 14). */
export const MAIL_QUEUE = 'gm-mail';

const ACCOUNT = '000000000000';
const REGION = 'eu-central-1';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** One queue with its consumer; usable on its own in tests (`send`, `idle`, `deadLetters`). */
export class LocalQueue {
  readonly name: string;
  private readonly options: Required<Omit<LocalQueueOptions, 'name' | 'consumer' | 'quiet'>>;
  private readonly loadConsumer: () => Promise<QueueConsumer>;
  private consumer: Promise<QueueConsumer> | undefined;
  private readonly quiet: boolean;
  private pending: Message[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private paused = false;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  readonly dead: DeadLetter[] = [];
  delivered = 0;

  constructor(options: LocalQueueOptions) {
    this.name = options.name;
    this.loadConsumer = options.consumer;
    this.quiet = options.quiet ?? true;
    this.options = {
      maxReceiveCount: options.maxReceiveCount ?? 5,
      batchSize: options.batchSize ?? 10,
      retryDelayMs: options.retryDelayMs ?? 50,
    };
  }

  send(body: string): { messageId: string; md5: string } {
    if (this.closed) throw new Error(`queue ${this.name} is closed`);
    const message: Message = {
      messageId: randomUUID(),
      body,
      md5: md5(body),
      sentAt: Date.now(),
      receiveCount: 0,
      visibleAt: Date.now(),
    };
    this.pending.push(message);
    this.schedule();
    return { messageId: message.messageId, md5: message.md5 };
  }

  pause(): void {
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    this.paused = false;
    this.schedule();
  }

  /** Resolves once no message waits (visible or not) and no batch runs; rejects after `timeoutMs`. */
  idle(timeoutMs = 30_000): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
        reject(
          new Error(
            `queue ${this.name} not drained after ${timeoutMs} ms (${this.pending.length} waiting${this.paused ? ', paused' : ''})`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timeout);
        resolve();
      };
      this.idleWaiters.push(done);
    });
  }

  close(): void {
    this.closed = true;
    this.pause();
  }

  private isIdle(): boolean {
    return this.pending.length === 0 && this.inFlight === 0;
  }

  private schedule(): void {
    if (this.paused || this.closed || this.inFlight > 0 || this.timer || this.pending.length === 0) return;
    const next = Math.min(...this.pending.map((m) => m.visibleAt));
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.deliver();
      },
      Math.max(0, next - Date.now()),
    );
  }

  private async deliver(): Promise<void> {
    if (this.paused || this.closed) return;
    const now = Date.now();
    const batch = this.pending.filter((m) => m.visibleAt <= now).slice(0, this.options.batchSize);
    if (batch.length === 0) return this.schedule();
    this.pending = this.pending.filter((m) => !batch.includes(m));
    this.inFlight = batch.length;
    for (const m of batch) {
      m.receiveCount += 1;
      m.firstReceiveAt ??= now;
    }
    let failed: Set<string>;
    try {
      this.consumer ??= this.loadConsumer();
      const consumer = await this.consumer;
      const result = await consumer({ Records: batch.map((m) => this.record(m)) });
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      // A thrown handler fails the whole batch, as with Lambda.
      if (!this.quiet)
        console.error(`[queue] ${this.name}: consumer threw: ${(error as Error)?.stack ?? String(error)}`);
      failed = new Set(batch.map((m) => m.messageId));
    }
    for (const m of batch) {
      if (!failed.has(m.messageId)) {
        this.delivered += 1;
      } else if (m.receiveCount >= this.options.maxReceiveCount) {
        this.dead.push({ messageId: m.messageId, body: m.body, receiveCount: m.receiveCount });
        if (!this.quiet) console.error(`[queue] ${this.name}: message ${m.messageId} moved to the dead letters`);
      } else {
        m.visibleAt = Date.now() + this.options.retryDelayMs * 2 ** (m.receiveCount - 1);
        this.pending.push(m);
      }
    }
    this.inFlight = 0;
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
    this.schedule();
  }

  private record(m: Message): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt ?? m.sentAt),
      },
      messageAttributes: {},
      md5OfBody: m.md5,
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${REGION}:${ACCOUNT}:${this.name}`,
      awsRegion: REGION,
    };
  }
}

export type QueueStandIn = {
  /** The QueueUrl the SDK sends to. */
  queueUrl(name: string): string;
  queue(name: string): LocalQueue;
  stop(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body: unknown, type = 'application/x-amz-json-1.0'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
}

function sqsError(res: ServerResponse, status: number, code: string, message: string): void {
  res.setHeader('x-amzn-query-error', `AWS.SimpleQueueService.${code};Sender`);
  answer(res, status, { __type: `com.amazonaws.sqs#${code}`, message });
}

export async function startQueueStandIn(opts: {
  port: number;
  host?: string;
  queues: readonly LocalQueueOptions[];
}): Promise<QueueStandIn> {
  const host = opts.host ?? '127.0.0.1';
  const queues = new Map(opts.queues.map((q) => [q.name, new LocalQueue(q)]));
  const base = `http://${host}:${opts.port}`;
  const queueUrl = (name: string) => `${base}/${ACCOUNT}/${name}`;
  const byUrl = (url: unknown) =>
    typeof url === 'string' ? queues.get(url.split('/').filter(Boolean).pop() ?? '') : undefined;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      if (url.pathname.startsWith('/__queue/')) {
        const hook = url.pathname.slice('/__queue/'.length);
        const selected = url.searchParams.get('queue');
        const targets = selected ? [queues.get(selected)].filter((q) => q !== undefined) : [...queues.values()];
        if (hook === 'drain' && req.method === 'POST') {
          const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? 30_000);
          await Promise.all(targets.map((q) => q.idle(timeoutMs)));
          answer(
            res,
            200,
            Object.fromEntries(targets.map((q) => [q.name, { delivered: q.delivered, dead: q.dead.length }])),
            'application/json',
          );
        } else if ((hook === 'pause' || hook === 'resume') && req.method === 'POST') {
          for (const q of targets) q[hook]();
          answer(
            res,
            200,
            { [hook === 'pause' ? 'paused' : 'resumed']: targets.map((q) => q.name) },
            'application/json',
          );
        } else if (hook === 'dead-letters' && req.method === 'GET') {
          answer(res, 200, Object.fromEntries(targets.map((q) => [q.name, q.dead])), 'application/json');
        } else {
          answer(res, 404, { message: 'unknown hook' }, 'application/json');
        }
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      if (target === 'AmazonSQS.GetQueueUrl') {
        const name = String(body.QueueName ?? '');
        if (!queues.has(name)) return sqsError(res, 400, 'NonExistentQueue', `queue ${name} does not exist`);
        return answer(res, 200, { QueueUrl: queueUrl(name) });
      }
      if (target === 'AmazonSQS.SendMessage') {
        const queue = byUrl(body.QueueUrl);
        if (!queue) return sqsError(res, 400, 'NonExistentQueue', `queue ${String(body.QueueUrl)} does not exist`);
        if (typeof body.MessageBody !== 'string' || body.MessageBody.length === 0)
          return sqsError(res, 400, 'MissingParameter', 'MessageBody is required');
        if (Buffer.byteLength(body.MessageBody) > 256 * 1024)
          return sqsError(res, 400, 'InvalidParameterValue', 'message longer than 262144 bytes');
        const sent = queue.send(body.MessageBody);
        return answer(res, 200, { MessageId: sent.messageId, MD5OfMessageBody: sent.md5 });
      }
      sqsError(res, 400, 'UnsupportedOperation', `${target || 'no X-Amz-Target'} is not supported by the stand-in`);
    } catch (error) {
      if (!res.headersSent) answer(res, 500, { message: (error as Error).message }, 'application/json');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    queueUrl,
    queue(name) {
      const q = queues.get(name);
      if (!q) throw new Error(`no local queue ${name}`);
      return q;
    },
    async stop() {
      for (const q of queues.values()) q.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
