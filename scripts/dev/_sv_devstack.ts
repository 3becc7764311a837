// Throwaway dev driver (seller-vouchers helper): local stack + seed + vite dev on free ports; stays up.
import { writeFileSync } from 'node:fs';
import { seedDemoData } from './seed.ts';
import { freePort, spawnGroup, waitFor, answers } from './processes.ts';
import { startLocalStack } from '../test/global-setup-int.ts';
const webPort = await freePort();
const stack = await startLocalStack({ webPort });
await seedDemoData();
const vite = spawnGroup('vite dev', '/work/main/node_modules/.bin/vite', ['--port', String(webPort), '--strictPort', '--host', '127.0.0.1'], {
  cwd: '/work/main/web',
  env: { ...process.env, ...stack.cloud.env, VITE_API_PROXY: new URL(stack.api.url).origin, VITE_MEDIA_PROXY: `${stack.cloud.env.S3_ENDPOINT}/${stack.cloud.env.MEDIA_BUCKET}` },
});
await waitFor('vite', () => answers(`http://127.0.0.1:${webPort}/`), { handle: vite, timeoutMs: 30000 });
writeFileSync('/tmp/sv/stack.json', JSON.stringify({ webUrl: `http://localhost:${webPort}`, apiUrl: stack.api.url }));
console.log('READY', webPort);
process.on('SIGTERM', async () => { await vite.stop(); await stack.stop(); process.exit(0); });
await new Promise(() => undefined);
