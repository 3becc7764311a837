import { inject } from 'vitest';
import { MAIL_QUEUE } from '../dev/queue-stand-in.ts';

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

export type SentMail = {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments?: { filename: string; contentType: string; size: number; content: string }[];
};

/**
 * Waits until the mail queue's stand-in has no job left (waiting, retrying or in flight): every mail
 * goes through the queue (issue 14), so a mail of a request that answered may not be sent yet.
 */
export async function drainMailQueue(): Promise<{ delivered: number; dead: number }> {
  const env = inject('localEnv');
  const response = await fetch(`${env.QUEUE_STAND_IN_URL}/__queue/drain?queue=${MAIL_QUEUE}`, { method: 'POST' });
  if (!response.ok) throw new Error(`the mail queue did not drain: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Record<string, { delivered: number; dead: number }>)[MAIL_QUEUE]!;
}

/** Stops / restarts the local mail worker's deliveries (jobs wait in the queue meanwhile). */
export async function pauseMailQueue(paused: boolean): Promise<void> {
  const env = inject('localEnv');
  const hook = paused ? 'pause' : 'resume';
  const response = await fetch(`${env.QUEUE_STAND_IN_URL}/__queue/${hook}?queue=${MAIL_QUEUE}`, { method: 'POST' });
  if (!response.ok) throw new Error(`mail queue ${hook}: ${response.status}`);
}

/** Mails the SES stand-in received since `since` (epoch seconds), once the mail queue is drained. */
export async function sentMails(since = 0): Promise<SentMail[]> {
  await drainMailQueue();
  const env = inject('localEnv');
  const response = await fetch(`${env.SES_ENDPOINT}/store?since=${since}`);
  const { emails } = (await response.json()) as { emails: SentMail[] };
  return emails;
}
