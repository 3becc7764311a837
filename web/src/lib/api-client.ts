import type * as z from 'zod/mini';
import type { FieldErrors } from '@gm/shared/validation/fields';
import { TEXT } from '@gm/shared/validation/messages';

export const API_BASE = '/api/v1/';

/** Status 0 means the request never got a usable answer (network down, or an answer we could not read). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  /** First server message for a form field, as the forms show it next to the input. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

/** Maps an error answer to an ApiError: 422 → field errors, everything else → its message (01 §7, §8). */
export function toApiError(status: number, body: unknown): ApiError {
  // Hand checks of shared/src/api/errors.ts's two bodies: the error path stays free of zod (issue 15 first load).
  const record = isRecord(body) ? body : {};
  const message = typeof record.message === 'string' ? record.message : undefined;
  if (status === 422 && message !== undefined && isFieldErrors(record.errors))
    return new ApiError(422, message, record.errors);
  return new ApiError(status, message?.trim() ? message : TEXT.genericError);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isRecord(value) &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'))
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<S extends z.ZodMiniType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-encoded, except FormData, which goes out as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers for this call (e.g. the guest cart id). */
  headers?: Record<string, string>;
  /**
   * The answer's shared contract. A schema is parsed on every answer; a mismatch is an error, never silently
   * passed on. A loader (`() => import(...).then(...)`) is the first screen's form (issue 15): it keeps zod and
   * the contracts off the first load. Development and unit tests load and parse it (and insist that parsing
   * changes nothing but dropping unknown keys); the production build trusts the typed contract and only
   * insists on a JSON object or array.
   */
  schema: S | LazyContract<S>;
};

export type LazyContract<S extends z.ZodMiniType> = () => Promise<S>;

export type ApiClientDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Called with the rejected token when a request that carried one comes back 401 (the session ended on the server). */
  onUnauthorized?: (token: string) => void;
  /**
   * Asked once after a 401 to a request that carried `rejected` (issue 14): true when the session
   * has a renewed token now, and the request is repeated once with it before giving up.
   */
  renew?: (rejected: string) => Promise<boolean>;
  base?: string;
  logError?: (message: string, detail: unknown) => void;
  /** Trust answers of lazy contracts without loading them; default: the production build (`import.meta.env.PROD`). */
  trustLazyContracts?: boolean;
};

export type DownloadOptions = Omit<RequestOptions<z.ZodMiniType>, 'schema'> & {
  /** The media type asked for (Accept), e.g. application/pdf, application/zip, text/csv. */
  accept: string;
};

export type ApiClient = {
  request: <S extends z.ZodMiniType>(path: string, options: RequestOptions<S>) => Promise<z.output<S>>;
  /** A file answer (PDF, zip, CSV) as a Blob, with the same token, 401 and 422 handling as `request`. */
  download: (path: string, options: DownloadOptions) => Promise<Blob>;
};

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return `${base}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const base = deps.base ?? API_BASE;
  const logError = deps.logError ?? ((message, detail) => console.error(message, detail));
  const trustLazy = deps.trustLazyContracts ?? import.meta.env.PROD;

  async function send(
    path: string,
    options: Omit<RequestOptions<z.ZodMiniType>, 'schema'>,
    accept: string,
    renewed = false,
  ): Promise<Response> {
    const token = deps.getToken();
    const headers: Record<string, string> = { ...options.headers, Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    // FormData (file uploads) is sent as multipart; the browser sets the boundary in the content type.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(base, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, TEXT.genericError);
    }
    if (!response.ok) {
      if (response.status === 401 && token && !path.startsWith('auth/')) {
        if (!renewed && deps.renew && (await deps.renew(token))) return send(path, options, accept, true);
        deps.onUnauthorized?.(token);
      }
      throw toApiError(response.status, await readJson(response));
    }
    return response;
  }

  async function request<S extends z.ZodMiniType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
    const response = await send(path, options, 'application/json');
    const body = await readJson(response);
    const { schema } = options;
    if (typeof schema !== 'function') return check(path, schema, body);
    if (trustLazy) {
      // Not JSON (e.g. an HTML fallback page) or a bare value: no contract answer of ours.
      if (typeof body !== 'object' || body === null) {
        logError(`Unexpected answer from ${path}`, body);
        throw new ApiError(0, TEXT.genericError);
      }
      return body as z.output<S>;
    }
    const data = check(path, await schema(), body);
    // The production build passes the answer on unparsed: a contract that fills defaults or transforms
    // values would make it differ from what development and the tests see.
    if (!keptAsIs(data, body)) {
      logError(`The contract of ${path} changes the answer; it cannot be loaded lazily`, { data, body });
      throw new ApiError(0, TEXT.genericError);
    }
    return data;
  }

  function check<S extends z.ZodMiniType>(path: string, schema: S, body: unknown): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      logError(`Unexpected answer from ${path}`, parsed.error.issues);
      throw new ApiError(0, TEXT.genericError);
    }
    return parsed.data;
  }

  async function download(path: string, { accept, ...options }: DownloadOptions): Promise<Blob> {
    const response = await send(path, { method: 'POST', ...options }, accept);
    try {
      return await response.blob();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, TEXT.genericError);
    }
  }

  return { request, download };
}

/** True when `parsed` equals `raw` apart from object keys the contract dropped. */
export function keptAsIs(parsed: unknown, raw: unknown): boolean {
  if (Array.isArray(parsed))
    return Array.isArray(raw) && parsed.length === raw.length && parsed.every((item, i) => keptAsIs(item, raw[i]));
  if (isRecord(parsed))
    return isRecord(raw) && Object.entries(parsed).every(([key, value]) => key in raw && keptAsIs(value, raw[key]));
  return Object.is(parsed, raw);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
