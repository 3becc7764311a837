import { inject } from 'vitest';

// Test answers are read loosely on purpose: assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer<T = any> = { status: number; body: T; headers: Headers };

/** Calls the local API gateway the harness started (real handlers, real stand-ins). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(new URL(path, inject('apiUrl')), {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (files): keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Mails the SES stand-in received since `since` (epoch seconds). */
export type SentMail = {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments?: { filename: string; contentType: string; size: number; content: string }[];
};

export async function sentMails(since = 0): Promise<SentMail[]> {
  const env = inject('localEnv');
  const response = await fetch(`${env.SES_ENDPOINT}/store?since=${since}`);
  const { emails } = (await response.json()) as { emails: SentMail[] };
  return emails;
}
