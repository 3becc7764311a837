import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestAccount, TEST_PASSWORD } from '../../scripts/test/accounts.ts';
import { expectAccessible } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Sessions for a working day (issue 14): the session cookie renews an expired ID token without a new
 * login, once for all tabs; after logout a reload stays signed out.
 */
const browser = useBrowser();

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('gm.auth') ?? '{}') as { token?: string }).token ?? null);

/**
 * On the next page load of the context (before the app starts, so no open page can write the old
 * record back), the stored ID token is replaced by one that expired a minute ago: same claims, but
 * no longer validly signed. The replaced token is kept under `e2e.expired` for the test to compare.
 */
async function expireStoredTokenOnNextLoad(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('e2e.expire-token', '1'));
  await page.context().addInitScript(() => {
    if (!localStorage.getItem('e2e.expire-token')) return;
    localStorage.removeItem('e2e.expire-token');
    const record = JSON.parse(localStorage.getItem('gm.auth') ?? '{}') as { token: string };
    const [header, payload] = record.token.split('.') as [string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat: number; exp: number };
    const now = Math.floor(Date.now() / 1000);
    const expired = { ...claims, iat: now - 3660, exp: now - 60 };
    const encoded = btoa(JSON.stringify(expired)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const token = `${header}.${encoded}.expired-signature`;
    localStorage.setItem('gm.auth', JSON.stringify({ ...record, token }));
    localStorage.setItem('e2e.expired', token);
  });
}

const expOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

describe('a session that lasts a working day', () => {
  it('stays signed in across an ID-token expiry, with one refresh for two tabs, and stays signed out after logout', async () => {
    const buyer = await createTestAccount('user');
    const page = await openPage(browser(), { width: 1280, path: '/login' });
    const context = page.context();
    const refreshes: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/refresh')) refreshes.push(request.url());
    });

    await logIn(page, buyer.email, TEST_PASSWORD, { expectPath: /\/wallet$/ });
    await page.getByTestId('logout-button').first().waitFor();
    const session = (await context.cookies()).find((c) => c.name === 'gm_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    // Scripts cannot read it: an XSS can use the session while the page is open, but cannot carry it away.
    expect(await page.evaluate(() => document.cookie)).not.toContain('gm_session');

    // The ID token has expired (as after an hour at the desk) while a second tab is open too.
    const loginToken = await storedToken(page);
    await expireStoredTokenOnNextLoad(page);
    const second = await context.newPage();
    await Promise.all([page.goto(at('/wallet')), second.goto(at('/wallet'))]);
    const expired = await page.evaluate(() => localStorage.getItem('e2e.expired'));
    expect(expired).toMatch(/\.expired-signature$/);

    for (const tab of [page, second]) {
      await tab.getByTestId('logout-button').first().waitFor();
      expect(tab.url()).toMatch(/\/wallet$/);
    }
    await expect.poll(() => storedToken(page)).not.toBe(expired);
    const renewed = (await storedToken(page))!;
    expect(renewed).not.toBe(loginToken);
    expect(expOf(renewed)).toBeGreaterThan(Date.now() / 1000 + 600);
    expect(await storedToken(second)).toBe(renewed);
    expect(refreshes).toHaveLength(1);
    await expectAccessible(page, 'wallet after a silent renewal');
    await second.close();

    // Logout ends the session: the cookie is gone, the renewed token is refused, a reload stays signed out.
    await page.getByTestId('logout-button').first().click();
    await page.waitForURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'gm_session')).toBeUndefined();
    const refused = await page.request.get(at(`/api/v1/user/${buyer.userId}`), {
      headers: { authorization: `Bearer ${renewed}` },
    });
    expect(refused.status()).toBe(401);
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.goto(at('/wallet'));
    await page.waitForURL(/\/login/);
    await expectAccessible(page, 'login after logout');
    await context.close();
  });
});
