import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { REQUEST_TOO_LARGE } from '@gm/shared/api/limits';
import { ORIGIN_VERIFY_HEADER } from './edge.ts';
import { NotFoundError } from './errors.ts';
import { http, json, parse } from './http.ts';
import { logger } from './observability.ts';

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/v1/auth/login',
    rawPath: '/api/v1/auth/login',
    rawQueryString: '',
    headers: { host: 'localhost:3000', 'x-forwarded-proto': 'http' },
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/v1/auth/login', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 't' },
    } as APIGatewayProxyEventV2['requestContext'],
    ...overrides,
  };
}
const context = {} as Context;

async function call(handler: ReturnType<typeof http>, e: APIGatewayProxyEventV2) {
  const result = await handler(e, context);
  return { status: result.statusCode, body: JSON.parse(String(result.body)) };
}

describe('http wrapper', () => {
  it('answers 401 on a protected route without a token, before the handler runs', async () => {
    const fn = vi.fn();
    const res = await call(http('GET user/{id}', fn), event());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Bitte melde dich an.');
    expect(fn).not.toHaveBeenCalled();
  });

  it('turns contract failures into 422 with a field → messages map', async () => {
    const handler = http('POST auth/login', async ({ body }) =>
      json(200, parse(z.object({ email: z.email({ error: 'Diese Emailadresse ist ungültig.' }) }), body)),
    );
    const res = await call(handler, event({ body: JSON.stringify({ email: 'x' }) }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['Diese Emailadresse ist ungültig.'] });
  });

  it('refuses a body that is not JSON with 422', async () => {
    const res = await call(
      http('POST auth/login', async () => json(200, {})),
      event({ body: '{nope' }),
    );
    expect(res.status).toBe(422);
  });

  it('maps typed errors and hides unexpected ones', async () => {
    const notFound = await call(
      http('POST auth/login', async () => {
        throw new NotFoundError('Weg.');
      }),
      event(),
    );
    expect(notFound).toEqual({ status: 404, body: { message: 'Weg.' } });
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const crash = await call(
      http('POST auth/login', async () => {
        throw new Error('secret internals');
      }),
      event(),
    );
    spy.mockRestore();
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toContain('secret');
    // One JSON line for the operator: level, the route, the error with its stack (Powertools Logger).
    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      message: 'unexpected error',
      route: 'POST auth/login',
      error: { name: 'Error', message: 'secret internals' },
    });
    expect((lines[0]!.error as { stack: string }).stack).toContain('http.test.ts');
  });

  it('keeps the route only for its own invocation', async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    await call(
      http('POST auth/login', async () => json(200, {})),
      event(),
    );
    logger.info('between invocations');
    spy.mockRestore();
    const line = JSON.parse(logged.at(-1)!) as Record<string, unknown>;
    expect(line.message).toBe('between invocations');
    expect(line).not.toHaveProperty('route');
  });

  it('passes the parsed body, query and base URL to the handler', async () => {
    const handler = http('POST auth/login', async (req) =>
      json(200, { body: req.body, base: req.apiBaseUrl, q: req.query }),
    );
    const res = await call(
      handler,
      event({
        body: Buffer.from('{"a":1}').toString('base64'),
        isBase64Encoded: true,
        queryStringParameters: { page: '2' },
      }),
    );
    expect(res.body).toEqual({ body: { a: 1 }, base: 'http://localhost:3000/api/v1/', q: { page: '2' } });
  });

  it('parses multipart form data into text fields and files; an empty file input reads as an empty field', async () => {
    const form = new FormData();
    form.append('username', 'Grüß Gott');
    form.append('id_front', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'front.jpg');
    form.append('id_additional', new Blob([], { type: 'application/octet-stream' }), '');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const raw = Buffer.from(await request.arrayBuffer());
    const handler = http('POST auth/login', async ({ body }) => {
      const fields = body as Record<string, unknown>;
      const file = fields.id_front as { name: string; type: string; size: number; bytes: Uint8Array };
      return json(200, {
        username: fields.username,
        file: [file.name, file.type, file.size, [...file.bytes]],
        additional: fields.id_additional,
      });
    });
    const res = await call(
      handler,
      event({
        body: raw.toString('base64'),
        isBase64Encoded: true,
        headers: { host: 'localhost:3000', 'content-type': request.headers.get('content-type') ?? '' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: 'Grüß Gott',
      file: ['front.jpg', 'image/jpeg', 4, [0xff, 0xd8, 0xff, 0xe0]],
      additional: '',
    });
  });

  it('answers a broken multipart body with 422 and a body over 6 MB with 413, before the handler runs', async () => {
    const fn = vi.fn();
    const broken = await call(
      http('POST auth/login', fn),
      event({ body: 'garbage', headers: { host: 'h', 'content-type': 'multipart/form-data; boundary=zzz' } }),
    );
    expect(broken.status).toBe(422);
    const big = Buffer.alloc(4.6 * 1024 * 1024, 1).toString('base64');
    const tooLarge = await call(
      http('POST auth/login', fn),
      event({
        body: big,
        isBase64Encoded: true,
        headers: { host: 'h', 'content-type': 'multipart/form-data; boundary=zzz' },
      }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(REQUEST_TOO_LARGE);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('closed edge (issue 14)', () => {
  const secret = 'a'.repeat(40);
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    vi.unstubAllEnvs();
  });

  it('with an origin secret configured, refuses requests that did not come through CloudFront', async () => {
    process.env.ORIGIN_VERIFY_SECRET = secret;
    const fn = vi.fn(async () => json(200, { ok: true }));
    const handler = http('POST auth/login', fn);
    expect((await call(handler, event())).status).toBe(403);
    const wrong = event({ headers: { host: 'x', [ORIGIN_VERIFY_HEADER]: `${secret.slice(1)}b` } });
    expect((await call(handler, wrong)).status).toBe(403);
    expect(fn).not.toHaveBeenCalled();
    const viaEdge = await call(handler, event({ headers: { host: 'x', [ORIGIN_VERIFY_HEADER]: secret } }));
    expect(viaEdge).toEqual({ status: 200, body: { ok: true } });
  });

  it('takes the tenant from the forwarded host, never from Origin', async () => {
    vi.stubEnv('APEX_DOMAIN', 'gutscheine.example');
    const seen: (string | undefined)[] = [];
    const handler = http('POST auth/login', async ({ tenant }) => {
      seen.push(tenant);
      return json(200, {});
    });
    await call(handler, event({ headers: { host: 'api.local', origin: 'https://alpenspa.evil.com' } }));
    await call(
      handler,
      event({
        headers: {
          host: 'api.local',
          origin: 'https://alpenspa.evil.com',
          'x-forwarded-host': 'www.gutscheine.example',
        },
      }),
    );
    await call(handler, event({ headers: { host: 'api.local', 'x-forwarded-host': 'alpenspa.gutscheine.example' } }));
    expect(seen).toEqual([undefined, undefined, 'alpenspa']);
  });

  it("sees no tenant on a host outside the apex: CloudFront's own domain is the main site", async () => {
    vi.stubEnv('APEX_DOMAIN', '');
    vi.stubEnv('APP_URL', 'https://gutscheinmarkt.at');
    const seen: (string | undefined)[] = [];
    const handler = http('POST auth/login', async ({ tenant }) => {
      seen.push(tenant);
      return json(200, {});
    });
    for (const host of ['d1a2b3c4d5e6f7.cloudfront.net', 'alpenspa.gutscheine.example', 'berg.gutscheinmarkt.at'])
      await call(handler, event({ headers: { host: 'api.local', 'x-forwarded-host': host } }));
    expect(seen).toEqual([undefined, undefined, 'berg']);
  });
});
