import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { seedDemoData } from '../dev/seed.ts';
import { answers, freePort, spawnGroup, waitFor, type ChildHandle } from '../dev/processes.ts';
import { startLocalStack, type LocalStack } from './global-setup-int.ts';
import { createSearchSnapshotSync } from '../dev/search-snapshot-sync.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB = `${ROOT}web`;
const VITE = `${ROOT}node_modules/.bin/vite`;

/**
 * Runs `vite build --mode stand-in` in web/ (output web/dist): a production-optimised bundle with the local
 * test-card form, which the deployable build (mode production) does not have. E2E_SKIP_BUILD=1 reuses an
 * existing web/dist.
 */
export async function buildWeb(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(`${WEB}/dist/index.html`)) return;
  const build = spawnGroup('vite build', VITE, ['build', '--mode', 'stand-in', '--logLevel', 'warn'], {
    cwd: WEB,
    env,
  });
  const code = await build.exited;
  await build.stop();
  if (code !== 0) throw new Error(`vite build in web/ failed (${String(code)}):\n${build.tail()}`);
}

/** Serves web/dist with `vite preview` on 127.0.0.1:webPort, proxying /api and /media to the stack. */
export async function startPreview(stack: LocalStack, webPort: number): Promise<ChildHandle> {
  const { cloud, api } = stack;
  const preview = spawnGroup(
    'vite preview',
    VITE,
    ['preview', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: WEB,
      env: {
        ...process.env,
        ...cloud.env,
        VITE_API_PROXY: new URL(api.url).origin,
        VITE_MEDIA_PROXY: `${cloud.env.S3_ENDPOINT}/${cloud.env.MEDIA_BUCKET}`,
        VITE_STRIPE_PROXY: cloud.env.STRIPE_STAND_IN_URL,
      },
    },
  );
  try {
    await waitFor('vite preview', () => answers(`http://127.0.0.1:${webPort}/`), {
      handle: preview,
      timeoutMs: 30_000,
    });
  } catch (error) {
    await preview.stop();
    throw error;
  }
  return preview;
}

/**
 * The whole product for the browser tests: the int stack (cloud in memory + local API), the demo
 * data, and the built web served by `vite preview`, which proxies /api and /media like dev does.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webPort = await freePort();
  const buildEnv = { ...process.env, NODE_ENV: 'production' };
  // Build while the stand-ins start: the JVM mostly waits, so the two overlap well on 2 cores.
  const [stackResult, buildResult] = await Promise.allSettled([startLocalStack({ webPort }), buildWeb(buildEnv)]);
  const stack: LocalStack | undefined = stackResult.status === 'fulfilled' ? stackResult.value : undefined;
  let preview: ChildHandle | undefined;
  const teardown = async () => {
    await preview?.stop();
    await stack?.stop();
  };
  try {
    if (stackResult.status === 'rejected') throw stackResult.reason;
    if (buildResult.status === 'rejected') throw buildResult.reason;
    if (!stack) throw new Error('local stack did not start');
    const { cloud, api } = stack;

    await seedDemoData(); // reads process.env, which startLocalStack set from cloud.env
    // The search answers from a snapshot (issue 15): publish the seeded catalogue's now.
    await createSearchSnapshotSync()();

    preview = await startPreview(stack, webPort);

    project.provide('localEnv', cloud.env);
    project.provide('apiUrl', api.url);
    project.provide('webUrl', `http://localhost:${webPort}`);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
