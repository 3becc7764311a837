import { createHash, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { issueOwnedVoucher } from '../../scripts/test/owned-voucher.ts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createImpersonationSessionRepository } from '../../functions/src/repositories/impersonation-session-repository.ts';

/**
 * Impersonation (03 §2, 01 §2; issue 11): the admin takes a buyer's role from /users, sees the
 * 'Admin: {name}' banner and the buyer's wallet, and goes back with one click; the Protokoll lists
 * both. A session that ends on the server brings the admin back instead of logging out.
 */
const browser = useBrowser();
const suffix = randomUUID().slice(0, 6);
const sessions = () => createImpersonationSessionRepository(documentClient(), env().TABLE_NAME);

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

/** Finds the buyer on /users and clicks 'Rolle übernehmen'; resolves on the user's /home. */
async function takeRole(page: Page, buyer: TestAccount, username: string): Promise<void> {
  await page.goto(at('/users'));
  await page.getByTestId('users-table').waitFor();
  const answer = page.waitForResponse(
    (r) => r.url().includes('user/user-filter') && new URL(r.url()).searchParams.get('keyword') === username,
  );
  await page.getByTestId('users-search').fill(username);
  await answer;
  const row = page.locator(`[data-testid="users-row"][data-user-id="${buyer.userId}"]`);
  await row.getByRole('button', { name: `Rolle übernehmen: ${username}` }).click();
  await page.waitForURL(/\/home$/);
  await page.getByTestId('impersonation-banner').waitFor();
}

describe('admin impersonation', () => {
  it('takes a buyer’s role, shows the banner and the buyer’s wallet, and goes back to the admin', async () => {
    const username = `e2e-rolle-${suffix}`;
    const buyer = await createTestAccount('user', { username, first_name: 'Greta' });
    const owned = await issueOwnedVoucher(buyer.userId);
    const page = await adminPage(1280);
    await takeRole(page, buyer, username);

    const banner = page.getByTestId('impersonation-banner');
    expect(await banner.textContent()).toContain('Admin: Lena Hofer');
    expect(await banner.textContent()).toContain(username);
    // The buyer's menu and wallet, with the buyer's voucher.
    const header = page.getByTestId('site-header');
    await header.getByRole('link', { name: 'Meine Wallet' }).click();
    await page.waitForURL(/\/wallet$/);
    await page.locator(`[data-testid="wallet-card"][data-user-voucher-id="${owned.id}"]`).waitFor();
    await saveScreenshot(page, 'admin-impersonation-wallet-desktop');
    await expectAccessible(page, 'impersonated wallet with banner');

    // At 767 px the banner still fits.
    await page.setViewportSize({ width: 767, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(767);
    await saveScreenshot(page, 'admin-impersonation-wallet-767');
    await expectAccessible(page, 'impersonated wallet with banner 767');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The way back: the admin again, on /users, without the banner.
    await banner.getByRole('button', { name: 'Zurück zum Admin' }).click();
    await page.waitForURL(/\/users$/);
    await page.getByTestId('users-table').waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    await header.getByRole('button', { name: 'Verwalten' }).waitFor();

    // The Protokoll lists the impersonation and its end, newest first.
    await page.goto(at('/audit'));
    await page.getByTestId('audit-table').waitFor();
    const rows = page.getByTestId('audit-row');
    expect(await rows.nth(0).getAttribute('data-action')).toBe('end_impersonation');
    expect(await rows.nth(1).getAttribute('data-action')).toBe('impersonate');
    expect(await rows.nth(1).textContent()).toContain(username);
    await saveScreenshot(page, 'admin-audit-desktop');
    await expectAccessible(page, 'admin audit');
    await page.close();
  });

  it('brings the admin back, not logged out, when the impersonation ends on the server', async () => {
    const username = `e2e-ende-${suffix}`;
    const buyer = await createTestAccount('user', { username });
    const page = await adminPage(1280);
    await takeRole(page, buyer, username);

    // The session is ended elsewhere (as when the 30 minutes run out): the next request gets a 401.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('gm.auth') ?? '{}').token as string);
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
    await sessions().end(createHash('sha256').update(jti).digest('hex'));
    // The app may leave /wallet (a full navigation back to the admin) before its load event: wait for the commit only.
    // A request of the previous page may meet the 401 first and start that navigation, aborting this one: the
    // outcome (/users, the admin's own session) is what counts.
    await page.goto(at('/wallet'), { waitUntil: 'commit' }).catch((error: unknown) => {
      if (!String(error).includes('net::ERR_ABORTED')) throw error;
    });
    await page.waitForURL(/\/users$/);
    await page.getByTestId('users-table').waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('gm.auth') ?? '{}'));
    expect(stored).toMatchObject({ isAuth: true, role: { name: 'admin' } });
    expect(stored.admin).toBeUndefined();
    await page.close();
  });
});
