import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumer } from './stream-consumers.ts';
import { streamCall } from './stream-call.ts';

/**
 * The local event source mappings of the table's stream (issue 15): DynamoDB Local has Streams but
 * no Lambda, so this poller reads the stream (DescribeStream → GetShardIterator → GetRecords, every
 * `pollMs`) and calls each consumer of scripts/dev/stream-consumers.ts with the Lambda
 * `DynamoDBStreamEvent` shape, like AWS does: its own position per consumer, its filter, batches of
 * `batchSize` after `batchingWindowMs`, a failed batch retried, then bisected, then dead-lettered.
 *
 * Position across restarts (`npm start` keeps `.data/`): each consumer's last sequence number per
 * shard is saved under `<dataDir>/streams/`; a restart resumes after it. Without a checkpoint (first
 * start, tests) it starts at TRIM_HORIZON: the stream of a new table holds nothing older, and the
 * stats aggregator's applied markers make a replay harmless anyway.
 *
 * Test hooks: `POST /__streams/caught-up` answers once every consumer has processed every record
 * written before the request (scripts/test/aggregates.ts), `GET /__streams/dead-letters`.
 */
export type StreamStandInOptions = {
  endpoint: string;
  region: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  port?: number;
  /** Poll period; staleness locally is about this plus the consumer's work (≤ 5 s required). */
  pollMs?: number;
  /** Checkpoints survive restarts here (dev); none in tests. */
  dataDir?: string;
  quiet?: boolean;
};

export type StreamStandIn = {
  url: string | undefined;
  caughtUp(timeoutMs?: number): Promise<void>;
  deadLetters(): DeadBatch[];
  stop(): Promise<void>;
};

export type DeadBatch = { consumer: string; sequenceNumbers: string[]; error: string };

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stream record of the SDK as the Lambda event carries it (dates as epoch seconds). DynamoDB Local
 * rounds ApproximateCreationDateTime down to the MINUTE (measured: three writes 2 s apart at
 * 21:56:32–36 all read 21:56:00), AWS to the second. The search snapshot worker skips changes older
 * than its current snapshot, so a minute-old stamp would hide a fresh change until the next minute;
 * the stand-in therefore stamps a record with the second it read it (`readAtMs`, never earlier than
 * the emulator's stamp): at most a poll period late, which can only cause an extra rebuild.
 */
export function toLambdaRecord(
  record: StreamRecord,
  streamArn: string,
  region: string,
  readAtMs: number = Date.now(),
): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime
        ? {
            ApproximateCreationDateTime: Math.floor(
              Math.max(new Date(ApproximateCreationDateTime).getTime(), readAtMs) / 1000,
            ),
          }
        : {}),
    },
  } as DynamoDBRecord;
}

type Checkpoint = { streamArn: string; shards: Record<string, string> };

/** One consumer's mapping: its own iterators, buffer and checkpoint. */
class Mapping {
  private iterators = new Map<string, string | null>();
  private checkpoint: Checkpoint;
  private buffer: { record: DynamoDBRecord; shardId: string }[] = [];
  private lastSeen: Record<string, string> = {};
  private savedJson = '';
  private firstBufferedAt = 0;
  private handler: Promise<(event: DynamoDBStreamEvent) => Promise<unknown>> | undefined;
  private waiters: { since: number; resolve: () => void }[] = [];
  private wake: (() => void) | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  processed = 0;

  constructor(
    private readonly consumer: StreamConsumer,
    private readonly streams: DynamoDBStreamsClient,
    private readonly streamArn: string,
    private readonly opts: { region: string; pollMs: number; checkpointFile?: string; quiet: boolean },
    private readonly dead: DeadBatch[],
    saved: Checkpoint | undefined,
  ) {
    this.checkpoint = saved?.streamArn === streamArn ? saved : { streamArn, shards: {} };
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  /** Resolves once a full pass that started after now found nothing new and nothing is buffered. */
  caughtUp(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ since: Date.now(), resolve });
      this.wake?.();
    });
  }

  private log(line: string) {
    if (!this.opts.quiet) console.log(`[streams] ${this.consumer.name}: ${line}`);
  }

  private async iteratorFor(shardId: string): Promise<string | undefined> {
    const after = this.checkpoint.shards[shardId];
    const get = async (type: ShardIteratorType, seq?: string) =>
      (
        await this.streams.send(
          new GetShardIteratorCommand({
            StreamArn: this.streamArn,
            ShardId: shardId,
            ShardIteratorType: type,
            ...(seq ? { SequenceNumber: seq } : {}),
          }),
        )
      ).ShardIterator;
    if (after) {
      try {
        return await get('AFTER_SEQUENCE_NUMBER', after);
      } catch {
        // Trimmed meanwhile: start at the oldest record still held.
      }
    }
    return get('TRIM_HORIZON');
  }

  private async discoverShards(): Promise<void> {
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.streams.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || this.iterators.has(shard.ShardId)) continue;
        this.iterators.set(shard.ShardId, (await this.iteratorFor(shard.ShardId)) ?? null);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  /** Reads every shard once; answers how many records came in. */
  private async readOnce(): Promise<number> {
    let count = 0;
    for (const [shardId, iterator] of this.iterators) {
      if (!iterator) continue;
      let answer;
      try {
        answer = await this.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      } catch (error) {
        // An expired iterator (15 min idle): take it up again from the checkpoint.
        if ((error as { name?: string }).name !== 'ExpiredIteratorException') throw error;
        this.iterators.set(shardId, (await this.iteratorFor(shardId)) ?? null);
        continue;
      }
      this.iterators.set(shardId, answer.NextShardIterator ?? null);
      for (const raw of answer.Records ?? []) {
        const record = toLambdaRecord(raw, this.streamArn, this.opts.region);
        count++;
        this.lastSeen[shardId] = raw.dynamodb?.SequenceNumber ?? '';
        // Filtered out: Lambda moves past it without an invocation.
        if (this.consumer.filter && !this.consumer.filter(record)) continue;
        if (this.buffer.length === 0) this.firstBufferedAt = Date.now();
        this.buffer.push({ record, shardId });
      }
    }
    return count;
  }

  private async invoke(records: DynamoDBRecord[]): Promise<void> {
    this.handler ??= this.consumer.load().then((m) => m.handler as (event: DynamoDBStreamEvent) => Promise<unknown>);
    const handler = await this.handler;
    await streamCall.run(this.consumer.name, () => handler({ Records: records }));
  }

  /** Like the mapping's retries, then `bisectBatchOnFunctionError`, then the dead letters. */
  private async deliver(records: DynamoDBRecord[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.invoke(records);
        return;
      } catch (error) {
        if (attempt < 3) {
          await sleep(50 * 2 ** attempt);
          continue;
        }
        if (records.length > 1) {
          const half = Math.ceil(records.length / 2);
          await this.deliver(records.slice(0, half));
          await this.deliver(records.slice(half));
          return;
        }
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        this.dead.push({
          consumer: this.consumer.name,
          sequenceNumbers: records.map((r) => r.dynamodb?.SequenceNumber ?? ''),
          error: message,
        });
        console.error(`[streams] ${this.consumer.name}: a record failed for good (dead letter): ${message}`);
        return;
      }
    }
  }

  private async flush(force: boolean): Promise<void> {
    while (this.buffer.length > 0) {
      const due = force || Date.now() - this.firstBufferedAt >= this.consumer.batchingWindowMs;
      if (!due && this.buffer.length < this.consumer.batchSize) return;
      const batch = this.buffer.splice(0, this.consumer.batchSize);
      await this.deliver(batch.map((b) => b.record));
      this.processed += batch.length;
      for (const b of batch) this.checkpoint.shards[b.shardId] = b.record.dynamodb?.SequenceNumber ?? '';
      this.firstBufferedAt = Date.now();
    }
    // Nothing held back: the position moves past the filtered records too.
    Object.assign(this.checkpoint.shards, this.lastSeen);
    await this.save();
  }

  private async save(): Promise<void> {
    const json = JSON.stringify(this.checkpoint);
    if (!this.opts.checkpointFile || json === this.savedJson) return;
    await writeFile(this.opts.checkpointFile, `${json}\n`);
    this.savedJson = json;
  }

  private async run(): Promise<void> {
    let lastDiscovery = 0;
    while (!this.stopped) {
      const passStarted = Date.now();
      try {
        if (passStarted - lastDiscovery > 2000 || this.waiters.length > 0) {
          await this.discoverShards();
          lastDiscovery = passStarted;
        }
        let read = await this.readOnce();
        // Drain what is there now (GetRecords answers at most 1000 per shard).
        while (read > 0 && !this.stopped) {
          await this.flush(this.waiters.length > 0);
          read = await this.readOnce();
        }
        await this.flush(this.waiters.length > 0);
        if (this.buffer.length === 0) {
          const done = this.waiters.filter((w) => w.since < passStarted);
          this.waiters = this.waiters.filter((w) => w.since >= passStarted);
          for (const w of done) w.resolve();
        }
      } catch (error) {
        if (this.stopped) return;
        this.log(`poll failed: ${error instanceof Error ? error.message : String(error)}`);
        this.iterators.clear();
        this.buffer = [];
        this.lastSeen = {};
        lastDiscovery = 0;
        await sleep(this.opts.pollMs);
      }
      if (this.stopped) return;
      if (this.waiters.length > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}

export async function startStreamStandIn(opts: StreamStandInOptions): Promise<StreamStandIn> {
  const dynamo = new DynamoDBClient({ region: opts.region, endpoint: opts.endpoint, credentials });
  const streams = new DynamoDBStreamsClient({ region: opts.region, endpoint: opts.endpoint, credentials });
  let streamArn: string | undefined;
  try {
    streamArn = (await dynamo.send(new DescribeTableCommand({ TableName: opts.tableName }))).Table?.LatestStreamArn;
  } finally {
    dynamo.destroy();
  }
  if (!streamArn) throw new Error(`table ${opts.tableName} has no stream`);
  const dir = opts.dataDir ? join(opts.dataDir, 'streams') : undefined;
  if (dir) await mkdir(dir, { recursive: true });
  const dead: DeadBatch[] = [];
  const mappings: Mapping[] = [];
  for (const consumer of opts.consumers) {
    const file = dir ? join(dir, `${consumer.name}.json`) : undefined;
    const saved = file && existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Checkpoint) : undefined;
    const mapping = new Mapping(
      consumer,
      streams,
      streamArn,
      {
        region: opts.region,
        pollMs: opts.pollMs ?? 250,
        ...(file ? { checkpointFile: file } : {}),
        quiet: opts.quiet ?? false,
      },
      dead,
      saved,
    );
    mapping.start();
    mappings.push(mapping);
  }

  const caughtUp = async (timeoutMs = 30_000) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.all(mappings.map((m) => m.caughtUp())),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`stream consumers not caught up after ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  let server: Server | undefined;
  if (opts.port !== undefined) {
    server = createServer((req, res) => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (req.method === 'POST' && path === '/__streams/caught-up') {
        caughtUp().then(
          () => answer(200, { processed: mappings.reduce((sum, m) => sum + m.processed, 0) }),
          (error: Error) => answer(504, { message: error.message }),
        );
        return;
      }
      if (req.method === 'GET' && path === '/__streams/dead-letters') return answer(200, { dead });
      answer(404, { message: 'not found' });
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(opts.port, '127.0.0.1', () => resolve());
    });
  }

  return {
    url: opts.port !== undefined ? `http://127.0.0.1:${opts.port}` : undefined,
    caughtUp,
    deadLetters: () => [...dead],
    async stop() {
      await Promise.all(mappings.map((m) => m.stop()));
      if (server) {
        await new Promise<void>((resolve) => {
          server!.close(() => resolve());
          server!.closeAllConnections();
        });
      }
      streams.destroy();
    },
  };
}
