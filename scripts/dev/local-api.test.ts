import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/src/routes.ts';
import {
  buildEvent,
  corsHeaders,
  isLocalOrigin,
  isTextContentType,
  matchRoute,
  toHttpResponse,
  type RouteLike,
} from './api-gateway-event.ts';

const table: RouteLike[] = [
  { method: 'GET', path: 'user/{id}', handler: 'users/get-user' },
  { method: 'GET', path: 'user/user-filter', handler: 'users/filter' },
  { method: 'GET', path: 'voucher/{id}', handler: 'catalogue/get-voucher' },
  { method: 'POST', path: 'voucher/{id}', handler: 'catalogue/update-voucher' },
  { method: 'GET', path: 'voucher/{id}/qr', handler: 'catalogue/qr' },
  { method: 'GET', path: 'voucher/{id}/{part}', handler: 'catalogue/part' },
  { method: 'GET', path: 'files/{key+}', handler: 'files/get' },
  { method: 'GET', path: 'files/special/{name}', handler: 'files/special' },
];

describe('matchRoute', () => {
  it('prefers static segments over {param}, regardless of manifest order', () => {
    expect(matchRoute(table, 'GET', 'user/user-filter')?.route.handler).toBe('users/filter');
    expect(matchRoute([...table].reverse(), 'GET', 'user/user-filter')?.route.handler).toBe('users/filter');
    expect(matchRoute(table, 'GET', 'user/42')).toEqual({ route: table[0], pathParameters: { id: '42' } });
  });

  it('ranks leftmost static segments first and {param} above {greedy+}', () => {
    expect(matchRoute(table, 'GET', 'voucher/7/qr')?.route.handler).toBe('catalogue/qr');
    expect(matchRoute(table, 'GET', 'voucher/7/pdf')?.pathParameters).toEqual({ id: '7', part: 'pdf' });
    expect(matchRoute(table, 'GET', 'files/special/x')?.route.handler).toBe('files/special');
    expect(matchRoute(table, 'GET', 'files/a/b/c%20d')?.pathParameters).toEqual({ key: 'a/b/c d' });
  });

  it('matches the method and URL-decodes path parameters', () => {
    expect(matchRoute(table, 'post', 'voucher/a%2Fb%20c')).toEqual({
      route: table[3],
      pathParameters: { id: 'a/b c' },
    });
    expect(matchRoute(table, 'DELETE', 'voucher/1')).toBeUndefined();
  });

  it('rejects unknown, shorter, longer and empty-segment paths', () => {
    expect(matchRoute(table, 'GET', 'nope')).toBeUndefined();
    expect(matchRoute(table, 'GET', 'user')).toBeUndefined();
    expect(matchRoute(table, 'GET', 'user/1/2/3')).toBeUndefined();
    expect(matchRoute(table, 'GET', 'user//')).toBeUndefined();
    expect(matchRoute(table, 'GET', '')).toBeUndefined();
  });

  it('works on the real manifest', () => {
    expect(matchRoute(routes, 'GET', 'company/all')?.route.handler).toBe('catalogue/list-companies');
    expect(matchRoute(routes, 'GET', 'voucher/abc')?.pathParameters).toEqual({ id: 'abc' });
    expect(matchRoute(routes, 'POST', 'auth/login')?.route.handler).toBe('auth/login');
  });
});

describe('buildEvent', () => {
  const route = table[0] as RouteLike;
  const now = new Date('2026-03-12T19:03:58Z');

  it('builds a payload 2.0 event like API Gateway', () => {
    const event = buildEvent({
      method: 'get',
      url: '/api/v1/user/a%20b?x=1&y=two%20words&x=3&flag',
      headers: {
        Host: 'localhost:5173',
        'User-Agent': 'ua',
        Cookie: 'a=1; b=2',
        'X-Multi': ['p', 'q'],
        Authorization: 'Bearer t',
      },
      route,
      pathParameters: { id: 'a b' },
      sourceIp: '::ffff:127.0.0.1',
      now,
    });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/user/{id}',
      rawPath: '/api/v1/user/a%20b',
      rawQueryString: 'x=1&y=two%20words&x=3&flag',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { x: '1,3', y: 'two words', flag: '' },
      pathParameters: { id: 'a b' },
      isBase64Encoded: false,
      requestContext: {
        domainName: 'localhost',
        routeKey: 'GET /api/v1/user/{id}',
        stage: '$default',
        time: '12/Mar/2026:19:03:58 +0000',
        timeEpoch: now.getTime(),
        http: {
          method: 'GET',
          path: '/api/v1/user/a%20b',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'ua',
        },
      },
    });
    expect(event.headers).toMatchObject({
      host: 'localhost:5173',
      authorization: 'Bearer t',
      'x-multi': 'p,q',
      'x-forwarded-proto': 'http',
      'x-forwarded-port': '5173',
    });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBeUndefined();
  });

  it('omits absent query, params and cookies', () => {
    const event = buildEvent({ method: 'GET', url: '/api/v1/voucher', headers: {}, route, pathParameters: {} });
    expect(event.rawQueryString).toBe('');
    expect(event.queryStringParameters).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.cookies).toBeUndefined();
  });

  it('passes text bodies as text and binary ones as base64', () => {
    const json = buildEvent({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":"ä"}'),
      route,
      pathParameters: {},
    });
    expect(json).toMatchObject({ body: '{"a":"ä"}', isBase64Encoded: false });
    const bytes = Buffer.from([0xff, 0xd8, 0x00, 0x10]);
    const image = buildEvent({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'image/jpeg' },
      body: bytes,
      route,
      pathParameters: {},
    });
    expect(image).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
    const multipart = buildEvent({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: Buffer.from('--x'),
      route,
      pathParameters: {},
    });
    expect(multipart.isBase64Encoded).toBe(true);
  });

  it('classifies content types', () => {
    for (const t of [
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/problem+json',
      undefined,
    ]) {
      expect(isTextContentType(t)).toBe(true);
    }
    for (const t of ['multipart/form-data; boundary=1', 'image/png', 'application/pdf', 'application/octet-stream']) {
      expect(isTextContentType(t)).toBe(false);
    }
  });
});

describe('toHttpResponse', () => {
  it('converts structured results with cookies and base64 bodies', () => {
    const r = toHttpResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'application/pdf', 'X-N': 1 },
      cookies: ['a=1'],
      isBase64Encoded: true,
      body: Buffer.from('%PDF').toString('base64'),
    });
    expect(r).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/pdf', 'x-n': '1' },
      cookies: ['a=1'],
      body: Buffer.from('%PDF'),
    });
  });

  it('treats other values as a JSON 200, like API Gateway', () => {
    expect(toHttpResponse({ a: 1 })).toMatchObject({ statusCode: 200, body: Buffer.from('{"a":1}') });
    expect(toHttpResponse('plain')).toMatchObject({ statusCode: 200, body: Buffer.from('plain') });
  });
});

describe('CORS', () => {
  it('allows localhost, 127.0.0.1 and tenant subdomains only', () => {
    expect(isLocalOrigin('http://localhost:5173')).toBe(true);
    expect(isLocalOrigin('http://shop.gutscheinmarkt.localhost:5173')).toBe(true);
    expect(isLocalOrigin('http://127.0.0.1:4173')).toBe(true);
    expect(isLocalOrigin('https://evil.example')).toBe(false);
    expect(isLocalOrigin('http://localhost.evil.example')).toBe(false);
    expect(corsHeaders('https://evil.example')).toEqual({});
    expect(corsHeaders('http://localhost:5173', { requestHeaders: 'authorization' })).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-headers': 'authorization',
    });
  });
});
