import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * For the tests of `npm run smoke`: an https front (self-signed certificate for localhost) that passes
 * every request to a local http server and sets response headers on the way back, as CloudFront's
 * response headers policy and the release's object metadata do on a stage. The smoke test's process
 * trusts the certificate through NODE_EXTRA_CA_CERTS=`caFile`.
 */
export type HttpsEdge = { url: string; caFile: string; close(): Promise<void> };

export async function startHttpsEdge(
  target: string,
  headersFor: (path: string) => Record<string, string>,
): Promise<HttpsEdge> {
  const dir = await mkdtemp(join(tmpdir(), 'smoke-edge-'));
  const caFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const subject = '-subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1';
  const args = `req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 ${subject}`.split(' ');
  await promisify(execFile)('openssl', [...args, '-keyout', keyFile, '-out', caFile]);
  const origin = new URL(target);
  const server = createServer({ cert: await readFile(caFile), key: await readFile(keyFile) }, (req, res) => {
    const upstream = httpRequest(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const headers: IncomingHttpHeaders = { ...answer.headers };
        for (const [name, value] of Object.entries(headersFor(req.url ?? '/'))) headers[name.toLowerCase()] = value;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    caFile,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
