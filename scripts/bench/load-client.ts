/**
 * The benchmarks' load generator, in its own process (a client in the local API's event loop would
 * measure its own queueing): reads `{ concurrency, requests: [{ method, url, headers, body }] }` as
 * JSON on stdin, sends them with at most `concurrency` in flight, and prints one JSON line:
 * `{ wall_ms, answers: [{ status, ms, body }] }` in request order.
 */
type LoadRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type LoadAnswer = { status: number; ms: number; body: unknown };

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { concurrency: number; requests: LoadRequest[] };

const answers = new Array<LoadAnswer>(job.requests.length);
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(job.concurrency, job.requests.length) }, async () => {
    while (next < job.requests.length) {
      const index = next++;
      const r = job.requests[index]!;
      const t = performance.now();
      const response = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      answers[index] = { status: response.status, ms: performance.now() - t, body };
    }
  }),
);
process.stdout.write(`${JSON.stringify({ wall_ms: performance.now() - started, answers })}\n`);
