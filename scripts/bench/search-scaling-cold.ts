import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One cold search in a fresh process (scripts/bench/search-scaling.ts starts it with the local
 * cloud's environment): import the handler (init), answer one POST voucher/search (the pointer
 * GetItem, the snapshot from S3, decode, select), then report times and memory as one JSON line.
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
v8.setFlagsFromString('--expose-gc');
(vm.runInNewContext('gc') as () => void)();
const memory = process.memoryUsage();
const mb = (n: number) => Math.round((n / 1024 ** 2) * 10) / 10;
console.log(
  JSON.stringify({
    init_ms: Math.round((imported - started) * 10) / 10,
    first_request_ms: Math.round((answered - imported) * 10) / 10,
    total: (JSON.parse(result.body) as { total: number }).total,
    heap_used_mb: mb(memory.heapUsed),
    array_buffers_mb: mb(memory.arrayBuffers),
    rss_mb: mb(memory.rss),
  }),
);
process.exit(0);
