import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { TEST_CARDS } from '@gm/shared/payments/test-cards';
import {
  assertJava17,
  assertPortsFree,
  PrerequisiteError,
  resolvePorts,
  startLocalCloud,
  type LocalCloud,
} from './local-cloud.ts';
import { answers, spawnGroup, waitFor, type ChildHandle } from './processes.ts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { migrateLocalData } from './migrate.ts';
import { seedDemoData } from './seed.ts';
import { createSearchSnapshotSync } from './search-snapshot-sync.ts';

/**
 * `npm start`: the whole product on this machine. Local cloud with data in .data/ (seeded with
 * demo data on first start), the local API under `tsx watch`, and Vite. Ctrl-C stops everything.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DATA_DIR = `${ROOT}.data`;
const PID_FILE = `${DATA_DIR}/start.pid`;
const SEEDED_MARKER = `${DATA_DIR}/seeded`;
const BIN = `${ROOT}node_modules/.bin`;

type Login = Awaited<ReturnType<typeof seedDemoData>>['logins'][number];

const DEFAULT_LOGINS: Login[] = ['admin', 'seller', 'buyer', 'scanner'].map((name) => ({
  email: `${name}@example.com`,
  password: 'Demo1234!',
  role: name === 'buyer' ? 'user' : name,
}));

/** The pid of a running `npm start`, if its pid file points at a live process. */
function runningStartPid(): number | undefined {
  if (!existsSync(PID_FILE)) return undefined;
  const pid = Number.parseInt(readFileSync(PID_FILE, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function prefixed(prefix: string) {
  return (line: string) => {
    if (line.trim()) console.log(`${prefix} ${line}`);
  };
}

/** Brings a kept `.data/` written by an earlier version up to the current keys (scripts/dev/migrate.ts). */
async function migrateKeptData(cloud: LocalCloud): Promise<void> {
  Object.assign(process.env, cloud.env);
  const { moved } = await migrateLocalData(documentClient(), env().TABLE_NAME);
  if (moved > 0) console.log(`[start] Moved ${moved} item(s) of the local data to the current keys.`);
}

async function seedIfNeeded(cloud: LocalCloud): Promise<Login[] | undefined> {
  if (existsSync(SEEDED_MARKER)) {
    try {
      return (JSON.parse(readFileSync(SEEDED_MARKER, 'utf8')) as { logins?: Login[] }).logins;
    } catch {
      return undefined;
    }
  }
  console.log('[start] Seeding demo data (first start) …');
  // seedDemoData reads its configuration (and the functions' env) from process.env.
  Object.assign(process.env, cloud.env);
  const started = Date.now();
  const result = await seedDemoData();
  await writeFile(
    SEEDED_MARKER,
    `${JSON.stringify({ seededAt: new Date().toISOString(), logins: result.logins }, null, 2)}\n`,
  );
  console.log(`[start] Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return result.logins;
}

async function main(): Promise<void> {
  const running = runningStartPid();
  if (running) fail(`npm start is already running (pid ${running}): stop it first.`);

  let ports;
  try {
    assertJava17();
    ports = await resolvePorts('fixed');
    await assertPortsFree(ports);
  } catch (error) {
    fail(error instanceof PrerequisiteError ? error.message : String(error));
  }

  await mkdir(DATA_DIR, { recursive: true });
  await writeFile(PID_FILE, String(process.pid));

  const children: ChildHandle[] = [];
  let cloud: LocalCloud | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[start] Stopping …');
    await Promise.all(children.map((c) => c.stop()));
    await cloud?.stop();
    rmSync(PID_FILE, { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('exit', () => rmSync(PID_FILE, { force: true }));

  try {
    cloud = await startLocalCloud({ dataDir: DATA_DIR, ports });
    // The mail worker runs in this process (the queue stand-in calls it) and reads the functions' env.
    Object.assign(process.env, cloud.env);
    const logins = await seedIfNeeded(cloud);
    await migrateKeptData(cloud);
    // The search answers from a snapshot (issue 15): publish one of the (seeded) catalogue before the API starts.
    await createSearchSnapshotSync()();
    const env = { ...process.env, ...cloud.env };

    const api = spawnGroup('local API', `${BIN}/tsx`, ['watch', '--clear-screen=false', 'scripts/dev/api-server.ts'], {
      cwd: ROOT,
      env: { ...env, API_PORT: String(ports.api) },
      onLine: prefixed('[api]'),
    });
    children.push(api);
    const web = spawnGroup(
      'Vite',
      `${BIN}/vite`,
      ['--port', String(ports.web), '--strictPort', '--host', '127.0.0.1'],
      {
        cwd: `${ROOT}web`,
        env: {
          ...env,
          VITE_API_PROXY: `http://127.0.0.1:${ports.api}`,
          VITE_MEDIA_PROXY: `http://127.0.0.1:${ports.s3}/${cloud.env.MEDIA_BUCKET}`,
          VITE_STRIPE_PROXY: cloud.env.STRIPE_STAND_IN_URL,
        },
        onLine: prefixed('[web]'),
      },
    );
    children.push(web);
    for (const child of [api, web]) {
      void child.exited.then((code) => {
        if (stopping) return;
        console.error(`[start] ${child.name} exited (${String(code)}).`);
        void shutdown(1);
      });
    }

    await Promise.all([
      waitFor('the local API', () => answers(`http://127.0.0.1:${ports.api}/__health`), {
        handle: api,
        timeoutMs: 60_000,
      }),
      waitFor('Vite', () => answers(`http://127.0.0.1:${ports.web}/`), { handle: web, timeoutMs: 60_000 }),
    ]);

    const shown = logins ?? DEFAULT_LOGINS;
    const width = Math.max(...shown.map((l) => l.email.length));
    console.log(
      [
        '',
        '────────────────────────────────────────────────────────────────────────',
        '  Gutscheinmarkt runs locally',
        '',
        `  Web           http://localhost:${ports.web}`,
        `  Tenant shop   http://<subdomain>.gutscheinmarkt.localhost:${ports.web}`,
        `  API           http://localhost:${ports.web}/api/v1/  (direct: http://127.0.0.1:${ports.api}/api/v1/)`,
        `  Mail inbox    ${cloud.env.SES_INBOX_URL}`,
        `  Mail queue    ${cloud.env.QUEUE_STAND_IN_URL}/__queue/dead-letters  (mails that failed five times)`,
        `  Table stream  ${cloud.env.STREAM_STAND_IN_URL}/__streams/dead-letters  (stats aggregator; figures ≤ 1 s behind)`,
        `  Stripe        ${cloud.env.STRIPE_STAND_IN_URL}/  (local stand-in: events, webhook deliveries; keys sk_test_local / pk_test_local)`,
        '  Test cards    any future expiry date, any 3-digit CVC',
        ...TEST_CARDS.map((c) => `    ${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}  ${c.token.padEnd(41)}${c.label}`),
        `  Data          ${DATA_DIR}  (npm run reset deletes it)`,
        '',
        '  Demo logins',
        ...shown.map((l) => `    ${l.email.padEnd(width)}  ${l.password}  (${l.role})`),
        '',
        '  Ctrl-C stops everything.',
        '────────────────────────────────────────────────────────────────────────',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

await main();
