import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.ts';

/** What every browser test does around its journey: one browser per file, fresh pages, the cookie notice, the login. */

/** The built web served by the e2e harness. */
export const webUrl = (): string => inject('webUrl');

/** An absolute address on the web for a path such as '/home'. */
export const at = (path: string): string => new URL(path, webUrl()).href;

/** Launches one browser for the calling test file (beforeAll) and closes it afterwards; returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is only there inside the tests (useBrowser registers beforeAll).');
    return browser;
  };
}

export interface PageOptions {
  width: number;
  /** Viewport height; 900 unless told. */
  height?: number;
  /** Where the page starts; '/home' unless told. */
  path?: string;
  /** Accept the cookie notice after the first load (it would cover buttons in screenshots); true unless told. */
  acceptCookies?: boolean;
}

/** A new German-locale context and page at `path`, with the cookie notice accepted unless told otherwise. */
export async function openPage(
  browser: Browser,
  { width, height = 900, path = '/home', acceptCookies: accept = true }: PageOptions,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(at(path));
  if (accept) await acceptCookies(page);
  return page;
}

/** Clicks 'Akzeptieren' on the cookie notice. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Akzeptieren' }).click();
}

/** The announcement greets a guest once and hides itself after 3 s; waits until it has gone. */
export async function waitForAnnouncementGone(page: Page): Promise<void> {
  await page.getByTestId('announcement-modal').waitFor({ state: 'detached', timeout: 5000 });
}

/**
 * Signs in through /login. With `expectPath` (a RegExp for the URL, e.g. /\/home$/) it waits until the app has
 * gone there; without it, it returns right after submitting (for tests that check a refusal).
 */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  { expectPath }: { expectPath?: RegExp } = {},
): Promise<void> {
  await page.goto(at('/login'));
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  if (expectPath) await page.waitForURL(expectPath);
}

/**
 * A PNG drawn by the page itself (a diagonal gradient from `from` to `to` with a white circle of `radius` in the
 * middle), so croppers and uploads get a real image to decode, as a photo from disk would arrive.
 */
export async function drawPng(
  page: Page,
  { width, height, from, to, radius }: { width: number; height: number; from: string; to: string; radius: number },
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, start, end, r]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, start);
      gradient.addColorStop(1, end);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(w / 2, h / 2, r, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL('image/png');
    },
    [width, height, from, to, radius] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
