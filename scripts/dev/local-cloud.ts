import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import * as sesLocal from 'aws-ses-v2-local';
import S3rver from 's3rver';
import { LOCAL_APEX_DOMAIN } from '@gm/shared/tenant/tenant';
import { TABLE_DEFINITION } from '../../functions/src/repositories/table-definition.ts';
import { paymentEvents } from '../../functions/src/services/orders/payment-events.ts';
import { answers, freePort, isPortFree, spawnGroup, waitFor, type ChildHandle } from './processes.ts';
import { MAIL_QUEUE, startQueueStandIn } from './queue-stand-in.ts';
import { STREAM_CONSUMERS } from './stream-consumers.ts';
import { startStreamStandIn } from './stream-stand-in.ts';
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY, startStripeStandIn } from './stripe-stand-in.ts';

/**
 * The local cloud: AWS's DynamoDB Local, s3rver, aws-ses-v2-local and cognito-local, plus our own
 * Stripe stand-in (scripts/dev/stripe-stand-in.ts), bound to 127.0.0.1, wired the way
 * functions/src/lib/env.ts expects (see /work/shared/local-services.md).
 */
export type Ports = {
  dynamodb: number;
  s3: number;
  ses: number;
  cognito: number;
  stripe: number;
  sqs: number;
  streams: number;
  api: number;
  web: number;
};

export type LocalCloud = { env: Record<string, string>; ports: Ports; stop(): Promise<void> };

export type LocalCloudOptions = {
  /** Persistent data under this directory (dev: `.data/`); in memory / temp dirs when unset (tests). */
  dataDir?: string;
  ports?: Partial<Ports>;
  quiet?: boolean;
};

export const REGION = 'eu-central-1';
export const TABLE_NAME = 'gutscheinmarkt';
export const MEDIA_BUCKET = 'gm-media';
export const PRIVATE_BUCKET = 'gm-private';
export const USER_POOL_ID = 'eu-central-1_Local';
export const CLIENT_ID = 'gmlocalwebclient0000000001';
export const GROUPS = ['admin', 'seller', 'user', 'scanner'] as const;
export const MAIL_FROM = 'noreply@gutscheinmarkt.localhost';

/** Fixed confirmation / reset code of cognito-local in tests (no dataDir). */
export const TEST_CODE = '123456';
/** The stand-in's webhook signing secret (Stripe's format); the functions verify with it. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_gutscheinmarkt_0000000000000000';

export const PORT_SPEC: Record<keyof Ports, { envVar: string; fallback: number; label: string }> = {
  dynamodb: { envVar: 'DYNAMODB_PORT', fallback: 8000, label: 'DynamoDB Local' },
  s3: { envVar: 'S3_PORT', fallback: 4569, label: 'S3 (s3rver)' },
  ses: { envVar: 'SES_PORT', fallback: 8005, label: 'SES (aws-ses-v2-local)' },
  cognito: { envVar: 'COGNITO_PORT', fallback: 9229, label: 'Cognito (cognito-local)' },
  stripe: { envVar: 'STRIPE_PORT', fallback: 12111, label: 'Stripe stand-in' },
  sqs: { envVar: 'SQS_PORT', fallback: 9324, label: 'SQS (mail queue stand-in)' },
  streams: { envVar: 'STREAMS_PORT', fallback: 9325, label: 'DynamoDB Streams stand-in (test hooks)' },
  api: { envVar: 'API_PORT', fallback: 3000, label: 'local API' },
  web: { envVar: 'WEB_PORT', fallback: 5173, label: 'web (Vite)' },
};
const PORT_KEYS = Object.keys(PORT_SPEC) as (keyof Ports)[];

/** A failed prerequisite, phrased as the one line to print. */
export class PrerequisiteError extends Error {
  override name = 'PrerequisiteError';
}

/** Fixed ports from env vars (dev) or free ports (tests); explicit `overrides` win either way. */
export async function resolvePorts(mode: 'fixed' | 'free', overrides: Partial<Ports> = {}): Promise<Ports> {
  const ports = {} as Ports;
  for (const key of PORT_KEYS) {
    const given = overrides[key];
    if (given !== undefined) {
      ports[key] = given;
    } else if (mode === 'fixed') {
      const raw = process.env[PORT_SPEC[key].envVar];
      const parsed = raw ? Number.parseInt(raw, 10) : PORT_SPEC[key].fallback;
      if (!Number.isInteger(parsed) || parsed <= 0 || parsed > 65535) {
        throw new PrerequisiteError(`${PORT_SPEC[key].envVar}=${raw} is not a valid port.`);
      }
      ports[key] = parsed;
    } else {
      const taken = [...Object.values(ports), ...Object.values(overrides)];
      let port = await freePort();
      while (taken.includes(port)) port = await freePort();
      ports[key] = port;
    }
  }
  return ports;
}

/** Throws a PrerequisiteError naming the first of `keys` whose port is taken. */
export async function assertPortsFree(ports: Ports, keys: readonly (keyof Ports)[] = PORT_KEYS): Promise<void> {
  for (const key of keys) {
    if (!(await isPortFree(ports[key]))) {
      const { label, envVar } = PORT_SPEC[key];
      throw new PrerequisiteError(`Port ${ports[key]} (${label}) is in use: free it or set ${envVar}.`);
    }
  }
}

/** Throws a PrerequisiteError unless `java -version` reports 17 or newer. */
export function assertJava17(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const match = output.match(/version "(\d+)(?:\.(\d+))?/);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
  if (result.error || major < 17) {
    throw new PrerequisiteError('Java 17 is required: apt-get install openjdk-17-jre-headless');
  }
}

/**
 * The impersonation token key pair (ES256, issue 11): made fresh per process, so no private key is
 * ever committed; tokens of an earlier run stop verifying, which a 30-minute token can bear.
 */
const impersonationKeyPair = (() => {
  let pair: { privateKey: string; publicKey: string } | undefined;
  return () =>
    (pair ??= generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }));
})();

export function localEnv(ports: Ports): Record<string, string> {
  const at = (port: number) => `http://127.0.0.1:${port}`;
  const impersonation = impersonationKeyPair();
  return {
    AWS_REGION: REGION,
    TABLE_NAME,
    MEDIA_BUCKET,
    PRIVATE_BUCKET,
    COGNITO_USER_POOL_ID: USER_POOL_ID,
    COGNITO_CLIENT_ID: CLIENT_ID,
    COGNITO_ISSUER: `${at(ports.cognito)}/${USER_POOL_ID}`,
    MAIL_FROM,
    APP_URL: `http://localhost:${ports.web}`,
    /** Tenant shops are `<name>.gutscheinmarkt.localhost` (shared/src/tenant/tenant.ts). */
    APEX_DOMAIN: LOCAL_APEX_DOMAIN,
    DYNAMODB_ENDPOINT: at(ports.dynamodb),
    S3_ENDPOINT: at(ports.s3),
    SES_ENDPOINT: at(ports.ses),
    COGNITO_ENDPOINT: at(ports.cognito),
    SQS_ENDPOINT: at(ports.sqs),
    MAIL_QUEUE_URL: `${at(ports.sqs)}/000000000000/${MAIL_QUEUE}`,
    /** The queue stand-in's test hooks (`/__queue/drain`, `pause`, `resume`, `dead-letters`). */
    QUEUE_STAND_IN_URL: at(ports.sqs),
    /** The stream stand-in's test hooks (`/__streams/caught-up`, `dead-letters`), issue 15. */
    STREAM_STAND_IN_URL: at(ports.streams),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    SES_INBOX_URL: `${at(ports.ses)}/`,
    STRIPE_SECRET_KEY: DEFAULT_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: DEFAULT_PUBLISHABLE_KEY,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripe),
    STRIPE_API_PROTOCOL: 'http',
    /** The stand-in's page (events, webhook deliveries, test cards) and the base of its `/__test/` API. */
    STRIPE_STAND_IN_URL: at(ports.stripe),
    IMPERSONATION_PRIVATE_KEY: impersonation.privateKey,
    IMPERSONATION_PUBLIC_KEY: impersonation.publicKey,
    /** The newsletter's pepper (issue 13); a fixed local value, an SSM parameter on AWS. */
    NEWSLETTER_SECRET: 'local-newsletter-secret-not-for-production',
  };
}

/** Where the stand-in delivers signed events: the local API's webhook route. */
export function stripeWebhookUrl(ports: Ports): string {
  return `http://127.0.0.1:${ports.api}/api/v1/stripe/webhook`;
}

export async function startLocalCloud(opts: LocalCloudOptions = {}): Promise<LocalCloud> {
  const persistent = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : undefined;
  const log = (line: string) => {
    if (!opts.quiet) console.log(`[local-cloud] ${line}`);
  };

  // Every SDK v3 client warns on Node 20 (local-services.md); the stand-ins and our own clients too.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  assertJava17();
  const ports = await resolvePorts(persistent ? 'fixed' : 'free', opts.ports);
  await assertPortsFree(ports, ['dynamodb', 's3', 'ses', 'cognito', 'stripe', 'sqs', 'streams']);

  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };

  try {
    const tempRoot = persistent ? undefined : await mkdtemp(join(tmpdir(), 'gm-local-cloud-'));
    if (tempRoot) stops.push(() => rm(tempRoot, { recursive: true, force: true }));
    const dir = (name: string) => join(dataDir ?? (tempRoot as string), name);
    const env = localEnv(ports);

    const started = Date.now();
    const [dynamo, cognito] = await Promise.all([
      startDynamo(ports.dynamodb, persistent ? dir('dynamodb') : undefined),
      startCognito(ports.cognito, dir('cognito'), persistent ? undefined : TEST_CODE, opts.quiet ?? false),
    ]);
    stops.push(
      () => dynamo.stop(),
      () => cognito.stop(),
    );
    stops.push(await startS3(ports, dir('s3')));
    stops.push(await startSes(ports.ses));
    const queue = await startQueueStandIn({
      port: ports.sqs,
      queues: [
        {
          name: MAIL_QUEUE,
          // Like the CDK queue: five receives, then the dead letters (infra/lib/constructs/mail-queue.ts).
          maxReceiveCount: 5,
          consumer: async () => (await import('../../functions/src/workers/mail-queue.ts')).handler,
          quiet: opts.quiet ?? false,
        },
      ],
    });
    stops.push(() => queue.stop());
    const stripe = await startStripeStandIn({
      port: ports.stripe,
      webhookUrl: stripeWebhookUrl(ports),
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      // Like the Dashboard's endpoint setting: the event types some consumer handles.
      webhookEvents: paymentEvents.types(),
      ...(persistent ? { dataDir: dir('stripe') } : { retry: { baseDelayMs: 25, maxDelayMs: 1000, maxAttempts: 8 } }),
      quiet: opts.quiet ?? false,
    });
    stops.push(() => stripe.stop());
    await ensureTable(env);
    // The table's stream → the off-path consumers (issue 15), as the event source mappings on AWS.
    const streams = await startStreamStandIn({
      endpoint: env.DYNAMODB_ENDPOINT!,
      region: REGION,
      tableName: TABLE_NAME,
      // GM_STREAM_CONSUMERS_OFF=a,b leaves those consumers out (a benchmark that builds the search snapshot itself).
      consumers: STREAM_CONSUMERS.filter(
        (c) => !(process.env.GM_STREAM_CONSUMERS_OFF ?? '').split(',').includes(c.name),
      ),
      port: ports.streams,
      ...(dataDir ? { dataDir } : {}),
      quiet: opts.quiet ?? false,
    });
    stops.push(() => streams.stop());
    log(
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: DynamoDB :${ports.dynamodb}, S3 :${ports.s3}, ` +
        `SES :${ports.ses}, SQS :${ports.sqs}, Cognito :${ports.cognito}, Stripe :${ports.stripe}${dataDir ? ` (data in ${dataDir})` : ' (in memory)'}`,
    );
    return { env, ports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// --- DynamoDB Local ---------------------------------------------------------------------------

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

async function startDynamo(port: number, dbPath: string | undefined): Promise<ChildHandle> {
  const emulator = emulatorDir();
  if (dbPath) await mkdir(dbPath, { recursive: true });
  const args = [
    `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(emulator, 'DynamoDBLocal.jar'),
    '-sharedDb',
    '-port',
    String(port),
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  ];
  const handle = spawnGroup('DynamoDB Local', 'java', args, { cwd: emulator });
  try {
    await waitFor('DynamoDB Local', () => answers(`http://127.0.0.1:${port}/`), { handle, timeoutMs: 60_000 });
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

async function ensureTable(env: Record<string, string>): Promise<void> {
  const client = new DynamoDBClient({
    region: REGION,
    endpoint: env.DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const def = TABLE_DEFINITION;
  const keyAttributes = [
    def.partitionKey,
    def.sortKey,
    ...def.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  const attributeDefinitions: AttributeDefinition[] = [...new Set(keyAttributes)].map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  const gsi = (g: (typeof def.globalIndexes)[number]) => ({
    IndexName: g.indexName,
    KeySchema: [
      { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  });
  try {
    let existing;
    try {
      existing = (await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }))).Table;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (!existing) {
      await client.send(
        new CreateTableCommand({
          TableName: TABLE_NAME,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributeDefinitions,
          KeySchema: [
            { AttributeName: def.partitionKey, KeyType: 'HASH' },
            { AttributeName: def.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: def.globalIndexes.map(gsi),
          StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
        }),
      );
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: TABLE_NAME,
          TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
        }),
      );
      return;
    }
    // A persisted table from before the stream (issue 15): turn it on; the stand-in starts at its head.
    if (!existing.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: TABLE_NAME,
          StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
        }),
      );
    }
    // A persisted table from before an index was added to TABLE_DEFINITION: add what is missing.
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const g of def.globalIndexes) {
      if (present.has(g.indexName)) continue;
      await client.send(
        new UpdateTableCommand({
          TableName: TABLE_NAME,
          AttributeDefinitions: attributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: gsi(g) }],
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

// --- S3 (s3rver, in-process) --------------------------------------------------------------------

function corsXml(webPort: number): string {
  // s3rver allows one wildcard per origin; the wildcard port covers Vite preview ports in tests.
  const origins = [
    'http://localhost:*',
    'http://127.0.0.1:*',
    'http://gutscheinmarkt.localhost:*',
    `http://*.gutscheinmarkt.localhost:${webPort}`,
  ];
  return `<CORSConfiguration><CORSRule>${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}${[
    'GET',
    'HEAD',
    'PUT',
    'POST',
    'DELETE',
  ]
    .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
    .join(
      '',
    )}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

/**
 * s3rver only knows the access key `S3RVER`; register the `local` key every other stand-in and
 * functions/src/lib/clients.ts use (it checks no SigV4 signatures anyway). Same module instance,
 * since s3rver runs in this process.
 */
function allowLocalAccessKey(): void {
  const require = createRequire(import.meta.url);
  const accounts = require('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
  };
  accounts.DUMMY_ACCOUNT.createKeyPair('local', 'local');
}

async function startS3(ports: Ports, directory: string): Promise<() => Promise<void>> {
  await mkdir(directory, { recursive: true });
  allowLocalAccessKey();
  const cors = corsXml(ports.web);
  const server = new S3rver({
    address: '127.0.0.1',
    port: ports.s3,
    directory,
    silent: true,
    configureBuckets: [MEDIA_BUCKET, PRIVATE_BUCKET].map((name) => ({ name, configs: [cors] })),
  });
  await server.run();
  return async () => {
    server.httpServer?.closeAllConnections();
    await server.close();
  };
}

// --- SES (aws-ses-v2-local, in-process) ----------------------------------------------------------

type SesServerFactory = (config?: Partial<{ host: string; port: number }>) => Promise<Server>;

async function startSes(port: number): Promise<() => Promise<void>> {
  // A CommonJS module with __esModule: under Node's ESM loader `default` is module.exports itself.
  const mod = sesLocal as unknown as { default: SesServerFactory | { default: SesServerFactory } };
  const factory = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await factory({ host: '127.0.0.1', port });
  return () =>
    new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      server.closeAllConnections();
    });
}

// --- Cognito (cognito-local, child process) -----------------------------------------------------

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

/** Seeds stable pool / client / group ids; entries that exist (and every user) are left alone. */
export async function seedCognitoDb(cwd: string): Promise<void> {
  const db = join(cwd, '.cognito', 'db');
  await mkdir(db, { recursive: true });
  const now = new Date().toISOString();
  const configFile = join(cwd, '.cognito', 'config.json');
  if (!existsSync(configFile)) await writeFile(configFile, '{}\n');

  const clientsFile = join(db, 'clients.json');
  const clients = (await readJson(clientsFile)) ?? {};
  const clientMap = (clients.Clients ?? {}) as Record<string, unknown>;
  if (!clientMap[CLIENT_ID]) {
    clientMap[CLIENT_ID] = {
      ClientId: CLIENT_ID,
      ClientName: 'gm-web-local',
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'minutes', RefreshToken: 'days' },
      UserPoolId: USER_POOL_ID,
    };
    await writeFile(clientsFile, `${JSON.stringify({ ...clients, Clients: clientMap }, null, 2)}\n`);
  }

  const poolFile = join(db, `${USER_POOL_ID}.json`);
  const pool = (await readJson(poolFile)) ?? {
    Users: {},
    Options: {
      Id: USER_POOL_ID,
      Name: 'gutscheinmarkt-local',
      Arn: `arn:aws:cognito-idp:${REGION}:000000000000:userpool/${USER_POOL_ID}`,
      CreationDate: now,
      LastModifiedDate: now,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
          TemporaryPasswordValidityDays: 7,
        },
      },
      SchemaAttributes: [
        { Name: 'sub', AttributeDataType: 'String', DeveloperOnlyAttribute: false, Mutable: false, Required: true },
        { Name: 'email', AttributeDataType: 'String', DeveloperOnlyAttribute: false, Mutable: true, Required: true },
        {
          Name: 'email_verified',
          AttributeDataType: 'Boolean',
          DeveloperOnlyAttribute: false,
          Mutable: true,
          Required: false,
        },
        {
          Name: 'given_name',
          AttributeDataType: 'String',
          DeveloperOnlyAttribute: false,
          Mutable: true,
          Required: false,
        },
        {
          Name: 'family_name',
          AttributeDataType: 'String',
          DeveloperOnlyAttribute: false,
          Mutable: true,
          Required: false,
        },
        {
          Name: 'custom:user_id',
          AttributeDataType: 'String',
          DeveloperOnlyAttribute: false,
          Mutable: true,
          Required: false,
        },
      ],
      LambdaConfig: {},
      MfaConfiguration: 'OFF',
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false, UnusedAccountValidityDays: 7 },
      EstimatedNumberOfUsers: 0,
    },
    Groups: {},
  };
  const groups = (pool.Groups ?? {}) as Record<string, unknown>;
  let changed = !existsSync(poolFile);
  GROUPS.forEach((name, index) => {
    if (groups[name]) return;
    groups[name] = { GroupName: name, Precedence: index + 1, CreationDate: now, LastModifiedDate: now };
    changed = true;
  });
  if (changed) await writeFile(poolFile, `${JSON.stringify({ ...pool, Groups: groups }, null, 2)}\n`);
}

async function startCognito(port: number, cwd: string, code: string | undefined, quiet: boolean): Promise<ChildHandle> {
  await seedCognitoDb(cwd);
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')),
    'lib',
    'bin',
    'start.js',
  );
  let inBox = false;
  const handle = spawnGroup('cognito-local', process.execPath, [bin], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NODE_OPTIONS: '',
      ...(code ? { CODE: code } : {}),
    },
    // Forward the boxed "Confirmation Code Delivery" messages (sign-up / reset codes) and errors.
    onLine: (line) => {
      if (quiet) return;
      if (line.includes('╭')) inBox = true;
      if (inBox || /\b(ERROR|WARN)\b/.test(line)) console.log(`[cognito] ${line}`);
      if (line.includes('╰')) inBox = false;
    },
  });
  try {
    await waitFor('cognito-local', () => answers(`http://127.0.0.1:${port}/health`), { handle });
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}
