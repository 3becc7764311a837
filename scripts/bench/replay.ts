import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Record and replay of a handler's DynamoDB calls (scripts/bench/handler-floor.ts): the document
 * client's `send` is spied while a request runs; the recorded commands are then sent again raw, in
 * the same order, the ones that were in flight together sent together.
 */
export type Recorded = {
  ctor: new (input: never) => unknown;
  command: string;
  input: unknown;
  /** Calls with the same wave were in flight together (Promise.all in the handler). */
  wave: number;
};

export type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * Spies the shared document client. `record(fn)` records the commands sent by `fn` and by what it
 * awaits (its async context), each with its wave; commands of other work running in the same process
 * meanwhile (the stream stand-in's aggregator writes through the same client) are not recorded.
 */
export function spy(db: DynamoDBDocumentClient) {
  const original = db.send.bind(db) as unknown as Send;
  const scope = new AsyncLocalStorage<{ calls: Recorded[]; inFlight: number; wave: number }>();
  (db as unknown as { send: Send }).send = async (command, ...rest) => {
    const recording = scope.getStore();
    if (!recording) return original(command, ...rest);
    if (recording.inFlight === 0) recording.wave++;
    const c = command as { constructor: Recorded['ctor']; input: unknown };
    recording.calls.push({
      ctor: c.constructor,
      command: c.constructor.name,
      input: structuredClone(c.input),
      wave: recording.wave,
    });
    recording.inFlight++;
    try {
      return await original(command, ...rest);
    } finally {
      recording.inFlight--;
    }
  };
  return {
    send: original,
    async record<T>(fn: () => Promise<T>): Promise<{ result: T; calls: Recorded[] }> {
      const recording = { calls: [] as Recorded[], inFlight: 0, wave: -1 };
      const result = await scope.run(recording, fn);
      return { result, calls: recording.calls };
    },
  };
}

/** Deep copy of `value` with every occurrence of each `from` inside strings replaced by its `to`. */
export function swapIds(value: unknown, swaps: readonly [string, string][]): unknown {
  if (typeof value === 'string') return swaps.reduce((s, [from, to]) => s.split(from).join(to), value);
  if (Array.isArray(value)) return value.map((v) => swapIds(v, swaps));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapIds(v, swaps)]));
  if (value instanceof Set) return new Set([...value].map((v) => swapIds(v, swaps)));
  return value;
}

/** A fresh id shaped like `id` (uuid, or hex of the same length). */
export function freshLike(id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(id)) return randomUUID();
  const hex = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
  return /^[0-9a-f]+$/.test(id)
    ? hex.slice(0, id.length)
    : `${id.slice(0, Math.max(0, id.length - 12))}${hex.slice(0, 12)}`;
}

export async function replay(
  send: Send,
  calls: readonly Recorded[],
  swaps: readonly [string, string][],
): Promise<void> {
  const waves = new Map<number, Recorded[]>();
  for (const c of calls) waves.set(c.wave, [...(waves.get(c.wave) ?? []), c]);
  for (const wave of waves.values())
    await Promise.all(wave.map((c) => send(new c.ctor(swapIds(c.input, swaps) as never))));
}
