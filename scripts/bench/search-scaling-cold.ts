import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One cold search in a fresh process (scripts/bench/search-scaling.ts starts it with the local
 * cloud's environment): import the handler (init: on a cold start the handler checks the pointer and
 * loads the snapshot), answer one POST voucher/search, then load the snapshot once more with the SDK
 * clients warm (what a load itself costs), and report times and memory as one JSON line. The heap is
 * measured with both copies reachable only through the handler's catalogue (the second is dropped).
 */
const body = process.argv[2] ?? '{}';
const started = performance.now();
const [{ handler }, { routes }, { buildEvent, lambdaContext }] = await Promise.all([
  import('../../functions/src/handlers/catalogue/search-vouchers.ts'),
  import('../../functions/src/routes.ts'),
  import('../dev/api-gateway-event.ts'),
]);
const route = routes.find((r) => r.method === 'POST' && r.path === 'voucher/search')!;
const imported = performance.now();
const event = buildEvent({
  method: 'POST',
  url: '/api/v1/voucher/search',
  headers: { 'content-type': 'application/json', host: '127.0.0.1' },
  body: Buffer.from(body),
  route,
  pathParameters: {},
});
const result = (await handler(event, lambdaContext(route.handler))) as { statusCode: number; body: string };
const answered = performance.now();
if (result.statusCode !== 200) throw new Error(`voucher/search answered ${result.statusCode}: ${result.body}`);
// The snapshot load alone, with the SDK clients warm: a fresh catalogue over the same pointer and object.
const [{ createSnapshotCatalogue }, { decodeSearchSnapshot }, deps] = await Promise.all([
  import('../../functions/src/services/catalogue/catalogue-cache.ts'),
  import('../../functions/src/services/catalogue/search-snapshot.ts'),
  import('../../functions/src/lib/deps.ts'),
]);
const reloadStarted = performance.now();
await createSnapshotCatalogue(
  {
    pointer: () => deps.searchSnapshots().get(),
    load: async (p) => decodeSearchSnapshot(await deps.searchSnapshotStore().get(p.key, p.raw_bytes)),
  },
  0,
).index();
const reloaded = performance.now();
v8.setFlagsFromString('--expose-gc');
(vm.runInNewContext('gc') as () => void)();
const memory = process.memoryUsage();
const mb = (n: number) => Math.round((n / 1024 ** 2) * 10) / 10;
console.log(
  JSON.stringify({
    init_ms: Math.round((imported - started) * 10) / 10,
    first_request_ms: Math.round((answered - imported) * 10) / 10,
    snapshot_load_ms: Math.round((reloaded - reloadStarted) * 10) / 10,
    total: (JSON.parse(result.body) as { total: number }).total,
    heap_used_mb: mb(memory.heapUsed),
    array_buffers_mb: mb(memory.arrayBuffers),
    rss_mb: mb(memory.rss),
  }),
);
process.exit(0);
