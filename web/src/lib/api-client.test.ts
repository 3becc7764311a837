import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { TEXT } from '@gm/shared/validation/messages';
import { ApiError, buildUrl, createApiClient, keptAsIs, toApiError } from './api-client.ts';

const okSchema = z.object({ message: z.string() });

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function client(answer: Response | Error, token: string | null = null, trustLazyContracts?: boolean) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const onUnauthorized = vi.fn();
  const logError = vi.fn();
  const api = createApiClient({ fetch, getToken: () => token, onUnauthorized, logError, trustLazyContracts });
  return { api, fetch, onUnauthorized, logError };
}

describe('toApiError', () => {
  it('maps a 422 body to field errors', () => {
    const error = toApiError(422, { message: 'Ungültig', errors: { email: ['Diese Emailadresse ist ungültig.'] } });
    expect(error.status).toBe(422);
    expect(error.isValidation).toBe(true);
    expect(error.message).toBe('Ungültig');
    expect(error.fieldError('email')).toBe('Diese Emailadresse ist ungültig.');
  });

  it('keeps the server message of other errors', () => {
    const error = toApiError(404, { message: 'Benutzer nicht gefunden.' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Benutzer nicht gefunden.');
    expect(error.fieldErrors).toEqual({});
  });

  it('falls back to the generic German text when the body is unreadable', () => {
    expect(toApiError(500, undefined).message).toBe(TEXT.genericError);
    expect(toApiError(502, '<html>').message).toBe(TEXT.genericError);
    expect(toApiError(422, { message: 'x' }).fieldErrors).toEqual({});
  });
});

describe('buildUrl', () => {
  it('joins base and path and drops empty query values', () => {
    expect(buildUrl('/api/v1/', '/voucher', { page: 2, featured: true, keyword: '', seed: undefined })).toBe(
      '/api/v1/voucher?page=2&featured=1',
    );
    expect(buildUrl('/api/v1/', 'voucher-category')).toBe('/api/v1/voucher-category');
  });
});

describe('createApiClient', () => {
  it('sends the bearer token and JSON body, and parses the answer', async () => {
    const { api, fetch } = client(jsonResponse(200, { message: 'ok', extra: 1 }), 'tok-1');
    const answer = await api.request('auth/logout', { method: 'POST', body: { a: 1 }, schema: okSchema });
    expect(answer).toEqual({ message: 'ok' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as it is, leaving the multipart content type to the browser', async () => {
    const { api, fetch } = client(jsonResponse(201, { message: 'ok' }));
    const form = new FormData();
    form.append('role_id', '2');
    await api.request('auth/register', { method: 'POST', body: form, schema: okSchema });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    const { api, fetch } = client(jsonResponse(200, { message: 'ok' }));
    await api.request('voucher-category', { schema: okSchema });
    expect((fetch.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws an ApiError with field errors on 422', async () => {
    const { api } = client(
      jsonResponse(422, { message: 'Fehler', errors: { username: ['Dieser Benutzername ist bereits vergeben.'] } }),
    );
    const error = await api
      .request('auth/register', { method: 'POST', body: {}, schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('username')).toBe('Dieser Benutzername ist bereits vergeben.');
  });

  it('reports a 401 on a token-carrying call outside auth/ as a lost session', async () => {
    const { api, onUnauthorized } = client(jsonResponse(401, { message: 'Bitte melde dich an.' }), 'expired');
    await expect(api.request('user/u-1', { schema: okSchema })).rejects.toMatchObject({
      status: 401,
      message: 'Bitte melde dich an.',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledWith('expired');
  });

  it('does not treat a failed login (401) as a lost session', async () => {
    const { api, onUnauthorized } = client(jsonResponse(401, { message: TEXT.loginFailed }), 'old');
    await expect(api.request('auth/login', { method: 'POST', body: {}, schema: okSchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns network failures into status 0 with the generic text', async () => {
    const { api } = client(new TypeError('Failed to fetch'));
    await expect(api.request('voucher', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
      message: TEXT.genericError,
    });
  });

  it('rejects answers that do not match the contract', async () => {
    const { api, logError } = client(jsonResponse(200, { nope: true }));
    await expect(api.request('voucher', { schema: okSchema })).rejects.toMatchObject({ status: 0 });
    expect(logError).toHaveBeenCalledOnce();
  });

  it('lets aborts through unchanged', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const { api } = client(abort);
    await expect(api.request('voucher', { schema: okSchema })).rejects.toBe(abort);
  });
});

describe('lazy contracts (first-screen reads, issue 15)', () => {
  const lazy = vi.fn(async () => okSchema);
  const withDefault = async () => z.object({ message: z.string(), list: z._default(z.array(z.string()), []) });

  it('are loaded and parsed outside the production build (unit tests run here)', async () => {
    const { api, logError } = client(jsonResponse(200, { nope: true }));
    await expect(api.request('voucher', { schema: lazy })).rejects.toMatchObject({ status: 0 });
    expect(lazy).toHaveBeenCalled();
    expect(logError).toHaveBeenCalledOnce();
  });

  it('may drop unknown keys, but a contract that fills defaults or transforms cannot be lazy', async () => {
    const ok = client(jsonResponse(200, { message: 'ok', extra: 1 }));
    await expect(ok.api.request('voucher', { schema: lazy })).resolves.toEqual({ message: 'ok' });
    const filled = client(jsonResponse(200, { message: 'ok' }));
    await expect(filled.api.request('voucher', { schema: withDefault })).rejects.toMatchObject({ status: 0 });
    expect(filled.logError.mock.calls[0]?.[0]).toMatch(/changes the answer/);
  });

  it('are trusted unloaded in the production build, which still refuses an answer that is no JSON object', async () => {
    lazy.mockClear();
    const trusted = client(jsonResponse(200, { message: 'ok', extra: 1 }), null, true);
    await expect(trusted.api.request('voucher', { schema: lazy })).resolves.toEqual({ message: 'ok', extra: 1 });
    expect(lazy).not.toHaveBeenCalled();
    const html = client(new Response('<!doctype html>', { status: 200 }), null, true);
    await expect(html.api.request('voucher', { schema: lazy })).rejects.toMatchObject({ status: 0 });
  });

  it('keptAsIs compares the parsed answer with the raw one, ignoring dropped keys only', () => {
    expect(keptAsIs({ a: [1, { b: null }] }, { a: [1, { b: null, c: 2 }], d: 'x' })).toBe(true);
    expect(keptAsIs({ a: [] }, {})).toBe(false);
    expect(keptAsIs({ a: 'X' }, { a: 'x' })).toBe(false);
    expect(keptAsIs([1, 2], [1, 2, 3])).toBe(false);
  });
});

describe('download', () => {
  it('posts with the token and answers the file as a Blob', async () => {
    const pdf = new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf' },
    });
    const { api, fetch } = client(pdf, 'token-1');
    const blob = await api.download('order/download-invoice', { accept: 'application/pdf', body: { order_id: 'o1' } });
    expect(blob.size).toBe(4);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/order/download-invoice');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Accept: 'application/pdf', Authorization: 'Bearer token-1' });
  });

  it('maps a 422 answer to field errors like request does', async () => {
    const { api } = client(
      jsonResponse(422, { message: 'Ungültig', errors: { to: ['Bitte gib ein gültiges Datum ein'] } }),
    );
    const error = await api.download('order/export', { accept: 'text/csv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('to')).toBe('Bitte gib ein gültiges Datum ein');
  });

  it('signs out when a request with a token answers 401', async () => {
    const { api, onUnauthorized } = client(jsonResponse(401, { message: 'Unauthenticated.' }), 'stale');
    await expect(api.download('order/download-voucher', { accept: 'application/pdf' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
