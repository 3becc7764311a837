import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The X-Ray emitter against a real UDP socket standing in for the daemon, and a real HTTP server
 * standing in for DynamoDB: what the SDK clients send is what arrives, datagram by datagram.
 */
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let daemon: Socket;
let daemonPort: number;
const datagrams: string[] = [];
let waiting: (() => void) | undefined;

/** DynamoDB's answers, one per request, in order (status, body). */
let answers: [number, object][] = [];
let requests = 0;
let dynamo: Server;
let endpoint: string;

beforeAll(async () => {
  daemon = createSocket('udp4').on('message', (message) => {
    datagrams.push(message.toString('utf8'));
    waiting?.();
  });
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  daemonPort = daemon.address().port;
  dynamo = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] = answers[requests++] ?? [200, {}];
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `req-${requests}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`;
});

afterAll(() => {
  daemon.close();
  dynamo.close();
});

/** Trace ids of this test only (`1-<run>-…`): a datagram of an earlier test arriving late is left out. */
let run: string;
const traceId = (suffix: string) => `1-${run}-${suffix.padStart(24, '0')}`;
let ROOT: string;
const PARENT = '53995c3f42cd8ad8';
const header = (sampled = '1', root = ROOT) => `Root=${root};Parent=${PARENT};Sampled=${sampled}`;

let xray: typeof import('./xray.ts');
let observer: typeof import('./sdk-call-observer.ts');

beforeEach(async () => {
  // Fresh modules: the cold start and the socket are per container.
  vi.resetModules();
  xray = await import('./xray.ts');
  observer = await import('./sdk-call-observer.ts');
  run = randomBytes(4).toString('hex');
  ROOT = traceId('bd862e3fe1be46a994272793');
  datagrams.length = 0;
  answers = [];
  requests = 0;
  vi.stubEnv('_X_AMZN_TRACE_ID', header());
  vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${daemonPort}`);
  vi.stubEnv('AWS_REGION', 'eu-central-1');
  vi.stubEnv('POWERTOOLS_TRACE_ENABLED', undefined);
  vi.stubEnv('_HANDLER', 'index.handler');
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** This test's segment documents once there are `count`, each datagram checked for the daemon's header line. */
async function received(count: number): Promise<Doc[]> {
  const docs = () =>
    datagrams
      .map((datagram) => {
        const [head, body] = datagram.split('\n') as [string, string];
        expect(JSON.parse(head)).toEqual({ format: 'json', version: 1 });
        return JSON.parse(body) as Doc;
      })
      .filter((doc) => String(doc.trace_id).startsWith(`1-${run}-`));
  while (docs().length < count) await new Promise<void>((resolve) => (waiting = resolve));
  return docs();
}

const client = (maxAttempts = 1) =>
  observer.observeSdkCalls(
    new DynamoDBClient({
      endpoint,
      region: 'eu-central-1',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      maxAttempts,
    }),
    'dynamodb',
  );
const getItem = (c: DynamoDBClient) => c.send(new GetItemCommand({ TableName: 'main', Key: { pk: { S: 'x' } } }));
const error = (type: string) => ({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: 'refused' });

describe('X-Ray subsegments of the AWS SDK calls', () => {
  it('records a call of the clients of lib/clients.ts with the fields the daemon expects', async () => {
    vi.stubEnv('DYNAMODB_ENDPOINT', endpoint);
    vi.stubEnv('TABLE_NAME', 'main');
    const [{ documentClient }, { resetEnvCache }] = await Promise.all([import('./clients.ts'), import('./env.ts')]);
    resetEnvCache();
    const before = Date.now() / 1000;
    await documentClient().send(new PutCommand({ TableName: 'main', Item: { pk: 'x', email: 'kunde@example.de' } }));
    const [doc] = await received(1);
    expect(doc).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      type: 'subsegment',
      trace_id: ROOT,
      parent_id: PARENT,
      name: 'DynamoDB',
      namespace: 'aws',
      start_time: expect.any(Number),
      end_time: expect.any(Number),
      aws: { operation: 'PutItem', region: 'eu-central-1', request_id: 'req-1', retries: 0, table_name: 'main' },
      http: { response: { status: 200 } },
    });
    expect(doc!.start_time).toBeGreaterThanOrEqual(Math.floor(before));
    expect(doc!.end_time).toBeGreaterThanOrEqual(doc!.start_time);
    expect(doc!.end_time).toBeLessThanOrEqual(Date.now() / 1000);
    expect(datagrams.join()).not.toContain('kunde@example.de');
  });

  it('flags a 4xx as error, a 429 as throttle, a 5xx as fault (after the retries)', async () => {
    answers = [
      [400, error('ConditionalCheckFailedException')],
      [429, error('ThrottlingException')],
      [500, error('InternalServerError')],
      [500, error('InternalServerError')],
    ];
    await expect(getItem(client())).rejects.toThrow('refused');
    await expect(getItem(client())).rejects.toThrow('refused');
    await expect(getItem(client(2))).rejects.toThrow('refused');
    const [conflict, throttled, failed] = await received(3);
    expect(conflict).toMatchObject({ error: true, http: { response: { status: 400 } }, aws: { request_id: 'req-1' } });
    expect(conflict!.cause.exceptions[0]).toMatchObject({ type: 'ConditionalCheckFailedException', remote: true });
    expect(conflict).not.toHaveProperty('fault');
    expect(throttled).toMatchObject({ error: true, throttle: true, http: { response: { status: 429 } } });
    expect(failed).toMatchObject({
      fault: true,
      http: { response: { status: 500 } },
      aws: { retries: 1, request_id: 'req-4' },
    });
    expect(failed).not.toHaveProperty('error');
    expect(requests).toBe(4);
  });
});

describe('X-Ray subsegments of the Stripe requests', () => {
  it('records each answered request as a remote subsegment, a 404 flagged as error', async () => {
    const { createStripePayments } = await import('../adapters/stripe-payments.ts');
    const port = Number(new URL(endpoint).port);
    const payments = createStripePayments({
      secretKey: async () => 'sk_test_unit',
      webhookSecret: async () => 'whsec_unit',
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    answers = [
      [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such intent' } }],
    ];
    await expect(payments.retrievePaymentIntent('pi_1')).rejects.toThrow();
    const [doc] = await received(1);
    expect(doc).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      type: 'subsegment',
      trace_id: ROOT,
      parent_id: PARENT,
      name: 'Stripe',
      namespace: 'remote',
      start_time: expect.any(Number),
      end_time: expect.any(Number),
      http: {
        request: { method: 'GET', url: `http://127.0.0.1:${port}/v1/payment_intents/pi_1` },
        response: { status: 404 },
      },
      error: true,
    });
    expect(doc!.end_time).toBeGreaterThanOrEqual(doc!.start_time);
    expect(doc!.start_time).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});

describe('the ## handler subsegment of each invocation', () => {
  const handler = (fail = false) =>
    middy<object, { statusCode: number }>()
      .use(xray.traceInvocations('gutscheinmarkt'))
      .handler(async () => {
        await getItem(client());
        if (fail) throw new Error('broken');
        return { statusCode: 200, body: 'persönliche Daten' } as { statusCode: number };
      });

  it('annotates the cold start, then a warm one, with the SDK calls below it and no response body', async () => {
    const run = handler();
    await run({}, {} as never);
    vi.stubEnv('_X_AMZN_TRACE_ID', header('1', traceId('b')));
    await run({}, {} as never);
    const [call1, first, call2, second] = await received(4);
    expect(first).toMatchObject({
      type: 'subsegment',
      trace_id: ROOT,
      parent_id: PARENT,
      name: '## index.handler',
      annotations: { ColdStart: true, Service: 'gutscheinmarkt' },
      http: { response: { status: 200 } },
    });
    expect(first!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(call1).toMatchObject({ name: 'DynamoDB', parent_id: first!.id, trace_id: ROOT });
    expect(second).toMatchObject({
      trace_id: traceId('b'),
      annotations: { ColdStart: false },
    });
    expect(call2!.parent_id).toBe(second!.id);
    expect(datagrams.join()).not.toContain('persönliche Daten');
  });

  it('marks an invocation that threw as a fault', async () => {
    await expect(handler(true)({}, {} as never)).rejects.toThrow('broken');
    const [, invocation] = await received(2);
    expect(invocation).toMatchObject({ name: '## index.handler', fault: true });
  });
});

describe('no trace', () => {
  /** Runs an invocation with one SDK call under `env`, then a sampled marker call: the marker must come first. */
  async function nothingSentWith(env: Record<string, string | undefined>) {
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    await middy()
      .use(xray.traceInvocations('gutscheinmarkt'))
      .handler(() => getItem(client()))({}, {} as never);
    vi.unstubAllEnvs();
    vi.stubEnv('_X_AMZN_TRACE_ID', header('1', traceId('4a')));
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${daemonPort}`);
    await getItem(client());
    const docs = await received(1);
    expect(docs.map((doc) => doc.trace_id)).toEqual([traceId('4a')]);
  }

  it('when the invocation is not sampled', () => nothingSentWith({ _X_AMZN_TRACE_ID: header('0') }));
  it('off Lambda (no trace header)', () => nothingSentWith({ _X_AMZN_TRACE_ID: undefined }));
  it('without a daemon address', () => nothingSentWith({ AWS_XRAY_DAEMON_ADDRESS: undefined }));
  it('with POWERTOOLS_TRACE_ENABLED=false', () => nothingSentWith({ POWERTOOLS_TRACE_ENABLED: 'false' }));
});

describe('a failing send', () => {
  it('never breaks the call or the invocation, and is logged', async () => {
    const log = vi.spyOn(xray.traceErrors, 'log');
    // A port the socket refuses at once (thrown), then a datagram too large for UDP (reported later).
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', '127.0.0.1:0');
    await expect(getItem(client())).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${daemonPort}`);
    vi.stubEnv('_HANDLER', 'x'.repeat(70_000));
    const result = await middy<object, number>()
      .use(xray.traceInvocations('gutscheinmarkt'))
      .handler(async () => 7)({}, {} as never);
    expect(result).toBe(7);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.map(([, e]) => (e as { code?: string }).code)).toEqual(['ERR_SOCKET_BAD_PORT', 'EMSGSIZE']);
    // The socket still works afterwards.
    vi.stubEnv('_HANDLER', 'index.handler');
    await getItem(client());
    expect(await received(1)).toHaveLength(1);
  });
});
