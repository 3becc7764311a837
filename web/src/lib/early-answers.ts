/**
 * Answers to the first screen's reads that the first-screen boot (app/first-screen-boot.ts) started before the
 * app's bundle was even evaluated (issue 15). The boot leaves them on `window`; the page's API client takes a
 * matching one instead of sending the same request again (lib/api.ts), once.
 */
export type EarlyAnswer = {
  method: string;
  url: string;
  body: string | null;
  response: Promise<Response>;
};

/** The global the boot fills (one name for both sides). */
export const EARLY_ANSWERS_GLOBAL = '__gmEarlyAnswers';

type WithEarlyAnswers = { [EARLY_ANSWERS_GLOBAL]?: EarlyAnswer[] };

function pending(): EarlyAnswer[] | undefined {
  return typeof window === 'undefined' ? undefined : (window as WithEarlyAnswers)[EARLY_ANSWERS_GLOBAL];
}

/** Whether the boot started any read that is still waiting to be taken. */
export function hasEarlyAnswers(): boolean {
  return (pending()?.length ?? 0) > 0;
}

/**
 * The early answer to exactly this request (method, URL and body; only requests without a token: the boot reads as
 * a guest), taken off the list; undefined when there is none. A failed early request is sent again as asked.
 */
export function takeEarlyAnswer(
  url: string,
  init: RequestInit | undefined,
  send: (url: string, init: RequestInit | undefined) => Promise<Response>,
): Promise<Response> | undefined {
  const answers = pending();
  if (!answers?.length) return undefined;
  const headers = new Headers(init?.headers);
  if (headers.has('Authorization')) return undefined;
  const method = (init?.method ?? 'GET').toUpperCase();
  const body = init?.body == null ? null : typeof init.body === 'string' ? init.body : undefined;
  if (body === undefined) return undefined;
  const index = answers.findIndex((a) => a.method === method && a.url === url && a.body === body);
  if (index < 0) return undefined;
  const [answer] = answers.splice(index, 1);
  return answer?.response.catch(() => send(url, init));
}
