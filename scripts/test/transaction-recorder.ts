import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { streamCall } from '../dev/stream-call.ts';

/**
 * A test-only middleware on the document client of the process that runs the handlers (the int
 * set-up's local API) and the stream consumers: every committed TransactWriteItems is appended to a
 * JSON-lines file as its item keys, its whole text (which ids it mentions) and the consumer that
 * wrote it, if any, so a test can tell whose transaction it was without touching the repositories
 * (issue 15, "no hot items").
 */
export type RecordedTransaction = {
  keys: string[];
  text: string;
  /** The stream consumer that wrote it (scripts/dev/stream-call.ts), absent for a handler's. */
  consumer?: string;
};

type Item = Record<string, unknown>;
const plain = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'S' in value ? String((value as { S: unknown }).S) : String(value);

function keyOf(part: Item): string | undefined {
  const op = (part.Put ?? part.Update ?? part.Delete ?? part.ConditionCheck) as Item | undefined;
  const key = (op?.Key ?? op?.Item) as Item | undefined;
  return key ? `${plain(key.PK)} | ${plain(key.SK)}` : undefined;
}

export function recordTransactions(client: DynamoDBDocumentClient, file: string): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const items = (args.input as { TransactItems?: Item[] }).TransactItems;
      if (Array.isArray(items)) {
        const consumer = streamCall.getStore();
        const line: RecordedTransaction = {
          keys: items.flatMap((part) => keyOf(part) ?? []),
          text: JSON.stringify(items),
          ...(consumer ? { consumer } : {}),
        };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
      return result;
    },
    { step: 'initialize', name: 'gmTransactionRecorder', override: true },
  );
}

/** The transactions committed so far (in this int run). */
export function recordedTransactions(file = process.env.GM_TRANSACTION_LOG): RecordedTransaction[] {
  if (!file) throw new Error('GM_TRANSACTION_LOG is not set: the int set-up records no transactions');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedTransaction);
}
