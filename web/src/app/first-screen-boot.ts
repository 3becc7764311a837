import { AUTH_STORAGE_KEY } from '../lib/auth-store.ts';
import { EARLY_ANSWERS_GLOBAL, type EarlyAnswer } from '../lib/early-answers.ts';
import { mediaUrl } from '../lib/media.ts';
import { currentTenant } from '../lib/tenant.ts';
import { earlyRequestsOf, firstScreenOf, type EarlyRequest, type FirstScreen } from './first-screen-requests.ts';

/*
 * The first-screen boot (issue 15): a tiny script that index.html loads before the app's bundle, built apart by
 * web/vite-first-screen.ts (which fills in the build's file names). While the bundle (≈ 130 KiB) still downloads,
 * it starts what a guest's first screen waits for: the page's own chunks (modulepreload), the API reads
 * (first-screen-requests.ts; the app takes the answers over, lib/early-answers.ts) and, once the answer names it,
 * the first screen's largest picture. Without it the chain was document → bundle → page chunk → answer → picture.
 * Signed-in visitors and tenant shops keep the app's own preload (app/first-screen.ts).
 */

declare const __FIRST_SCREEN_ASSETS__: Record<FirstScreen['screen'], { js: string[]; css: string[] }>;

function addLink(attributes: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.appendChild(link);
}

function isGuest(): boolean {
  try {
    const stored = window.localStorage.getItem(AUTH_STORAGE_KEY);
    if (stored === null) return true;
    const record = JSON.parse(stored) as { isAuth?: unknown } | null;
    return record?.isAuth !== true;
  } catch {
    return false;
  }
}

/** The picture an answer puts first on screen: the first card's (search) or the voucher's (detail). */
function pictureOf(answer: unknown, where: NonNullable<EarlyRequest['picture']>): string | undefined {
  const record = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const voucher = where === 'voucher' ? record(answer) : record((record(answer)?.data as unknown[] | undefined)?.[0]);
  const path = voucher?.background_image;
  return typeof path === 'string' ? mediaUrl(path) : undefined;
}

function send(request: EarlyRequest): EarlyAnswer {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== null) headers['Content-Type'] = 'application/json';
  const response = fetch(request.url, { method: request.method, headers, body: request.body });
  const { picture } = request;
  if (picture)
    void response
      .then((r) => (r.ok ? r.clone().json() : undefined))
      .then((answer: unknown) => {
        const href = pictureOf(answer, picture);
        if (href) addLink({ rel: 'preload', as: 'image', href, fetchpriority: 'high' });
      })
      .catch(() => undefined);
  return { method: request.method, url: request.url, body: request.body, response };
}

function boot(): void {
  const first = firstScreenOf(window.location.pathname);
  if (!first || currentTenant || !isGuest()) return;
  const assets = __FIRST_SCREEN_ASSETS__[first.screen];
  // crossorigin as the app's own loader asks for them (Vite's preload helper), so the browser uses what it preloaded.
  for (const href of assets.css) addLink({ rel: 'preload', as: 'style', href, crossorigin: '' });
  for (const href of assets.js) addLink({ rel: 'modulepreload', href, crossorigin: '' });
  (window as { [EARLY_ANSWERS_GLOBAL]?: EarlyAnswer[] })[EARLY_ANSWERS_GLOBAL] = earlyRequestsOf(
    first,
    window.location.search,
  ).map(send);
}

try {
  boot();
} catch {
  // The app loads its first screen itself (app/first-screen.ts).
}
