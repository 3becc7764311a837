import type * as z from 'zod/mini';

/** Why a step failed, in one line; the runner prints it and stops. */
export class StepFailure extends Error {}

export type Answer = { status: number; headers: Headers; text: string; url: string };

/** The API base the web calls (web/src/lib/api-client.ts API_BASE), below the stage's base. */
export const API_PREFIX = '/api/v1/';

/** WAF managed rules refuse requests without a User-Agent; this one also makes the smoke test easy to find in logs. */
const USER_AGENT = 'gutscheinmarkt-smoke/1';

/**
 * HTTP only, as a browser would reach the stage: pages and assets from the base, the JSON API below
 * /api/v1/. Network errors and timeouts become a StepFailure naming the request.
 */
export function createSmokeClient(base: URL, timeoutMs: number) {
  // The base may carry a path (a stage behind a prefix): pages and the API both live below it.
  const root = base.href.replace(/\/+$/, '');
  const apiBase = new URL(`${root}${API_PREFIX}`);

  async function send(url: URL, init: RequestInit & { headers: Record<string, string> }): Promise<Answer> {
    const label = `${init.method ?? 'GET'} ${url.pathname}`;
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { 'user-agent': USER_AGENT, ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : describe(error);
      throw new StepFailure(`${label}: ${cause}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new StepFailure(`${label}: the answer broke off (${describe(error)})`);
    }
    return { status: response.status, headers: response.headers, text, url: response.url };
  }

  return {
    apiBase,
    /** A page below the base ('/vouchers/search'), or an absolute address as found in a page. */
    get(pathOrUrl: string, accept = 'text/html'): Promise<Answer> {
      const url = /^https?:\/\//.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(`${root}${pathOrUrl}`);
      return send(url, { method: 'GET', headers: { accept } });
    },

    /**
     * An API call as the web makes it; answers the parsed body when the status is one of `expect`,
     * else fails with the status and the API's own message.
     */
    async api<S extends z.ZodMiniType>(
      method: string,
      path: string,
      options: { schema: S; expect?: number[]; token?: string; body?: unknown },
    ): Promise<z.output<S>> {
      const answer = await send(new URL(path, apiBase), {
        method,
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const label = `${method} ${API_PREFIX}${path.split('?')[0]}`;
      const expected = options.expect ?? [200];
      if (!expected.includes(answer.status)) throw new StepFailure(`${label}: ${answer.status} ${apiMessage(answer)}`);
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {
        throw new StepFailure(`${label}: ${answer.status} but no JSON (${snippet(answer.text)})`);
      }
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new StepFailure(
          `${label}: the answer does not match the contract (${issue?.path.join('.') || '(root)'}: ${issue?.message})`,
        );
      }
      return parsed.data;
    },
  };
}

export type SmokeClient = ReturnType<typeof createSmokeClient>;

/** The API's message (`{message, errors}`: the first field error says most), else the start of the body. */
export function apiMessage(answer: Pick<Answer, 'text'>): string {
  try {
    const body = JSON.parse(answer.text) as { message?: unknown; errors?: Record<string, unknown> };
    const firstError = Object.entries(body.errors ?? {})[0];
    const fieldText = firstError && Array.isArray(firstError[1]) ? `${firstError[0]}: ${String(firstError[1][0])}` : '';
    const message = typeof body.message === 'string' ? body.message : '';
    if (message && fieldText && !fieldText.endsWith(message)) return `${message} (${fieldText})`;
    if (message || fieldText) return message || fieldText;
  } catch {
    // not JSON: an edge or gateway page
  }
  return snippet(answer.text) || '(empty answer)';
}

function snippet(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : cause ? String(cause) : '';
  return detail ? `${error.message} (${detail})` : error.message;
}
