import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { freshLike, replay, spy, swapIds } from './replay.ts';

/** A document client stand-in: `send` answers after `delay` ms and logs what it got and when. */
function fakeClient(delay = 5) {
  const log: { command: string; input: unknown; started: number; ended?: number }[] = [];
  let clock = 0;
  const client = {
    async send(command: { constructor: { name: string }; input: unknown }) {
      const entry: (typeof log)[number] = { command: command.constructor.name, input: command.input, started: clock++ };
      log.push(entry);
      await new Promise((r) => setTimeout(r, delay));
      entry.ended = clock++;
      return {};
    },
  };
  return { client: client as unknown as DynamoDBDocumentClient, log };
}

describe('record and replay of DynamoDB calls', () => {
  it('records each call with its wave and replays them in order, overlapping calls together', async () => {
    const { client, log } = fakeClient();
    const recorder = spy(client);
    const get = (id: string) => new GetCommand({ TableName: 't', Key: { PK: `USER#${id}`, SK: 'PROFILE' } });
    const outside = new Promise((r) => setTimeout(r, 2)).then(() => client.send(get('other')));
    const { result, calls } = await recorder.record(async () => {
      await client.send(get('a'));
      await Promise.all([client.send(get('b')), client.send(get('c'))]);
      await client.send(new PutCommand({ TableName: 't', Item: { PK: 'ORDER#1', SK: 'ORDER' } }));
      return 'done';
    });
    await outside;
    expect(result).toBe('done');
    // The call made meanwhile by other work (outside the recorded function) is not recorded.
    expect(log.map((l) => l.command)).toHaveLength(5);
    expect(calls.map((c) => [c.command, c.wave])).toEqual([
      ['GetCommand', 0],
      ['GetCommand', 1],
      ['GetCommand', 1],
      ['PutCommand', 2],
    ]);
    expect(calls.map((c) => (c.input as { Key?: { PK: string } }).Key?.PK)).toEqual([
      'USER#a',
      'USER#b',
      'USER#c',
      undefined,
    ]);

    log.length = 0;
    await replay(recorder.send, calls, [['ORDER#1', 'ORDER#2']]);
    expect(log.map((l) => l.command)).toEqual(['GetCommand', 'GetCommand', 'GetCommand', 'PutCommand']);
    // b and c overlapped, a ended before b started, the put started after c ended.
    expect(log[1]!.started).toBeLessThan(log[2]!.ended!);
    expect(log[2]!.started).toBeLessThan(log[1]!.ended!);
    expect(log[0]!.ended).toBeLessThan(log[1]!.started);
    expect(log[3]!.started).toBeGreaterThan(log[2]!.ended!);
    expect(log[3]!.input).toEqual({ TableName: 't', Item: { PK: 'ORDER#2', SK: 'ORDER' } });
    // The recording itself is untouched by the swap.
    expect(calls[3]!.input).toEqual({ TableName: 't', Item: { PK: 'ORDER#1', SK: 'ORDER' } });
  });

  it('swaps ids inside strings, arrays, sets and nested objects, and keeps other values', () => {
    const input = {
      Key: { PK: 'REDEMPTION#abc', SK: 'abc' },
      list: ['x-abc-y', 3, true, null],
      set: new Set(['abc']),
      bytes: new Uint8Array([1]),
    };
    const out = swapIds(input, [['abc', 'NEW']]) as typeof input;
    expect(out.Key).toEqual({ PK: 'REDEMPTION#NEW', SK: 'NEW' });
    expect(out.list).toEqual(['x-NEW-y', 3, true, null]);
    expect([...out.set]).toEqual(['NEW']);
    expect(out.bytes).toBe(input.bytes);
  });

  it('makes fresh ids shaped like the old ones', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(freshLike(uuid)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(freshLike(uuid)).not.toBe(uuid);
    const hex = 'a'.repeat(32);
    expect(freshLike(hex)).toMatch(/^[0-9a-f]{32}$/);
    expect(freshLike(hex)).not.toBe(hex);
    expect(freshLike('order-000000000001')).toMatch(/^order-[0-9a-f]{12}$/);
  });
});
