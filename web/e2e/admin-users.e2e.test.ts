import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/** The admin's /users screen (03 §2): search, the Users and Sellers tabs, a seller's gift lock. */
const browser = useBrowser();
const suffix = randomUUID().slice(0, 6);

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

async function search(page: Page, keyword: string) {
  const answer = page.waitForResponse(
    (r) => r.url().includes('user/user-filter') && new URL(r.url()).searchParams.get('keyword') === keyword,
  );
  await page.getByTestId('users-search').fill(keyword);
  await answer;
}

describe('admin /users', () => {
  it('searches a buyer, switches to the sellers and locks and unlocks a seller’s gifts', async () => {
    const buyer = await createTestAccount('user', { username: `e2e-kundin-${suffix}`, first_name: 'Klara' });
    const seller = await createTestAccount('seller', { username: `e2e-laden-${suffix}`, first_name: 'Sepp' });
    const page = await adminPage(1280);

    await page.goto(at('/users'));
    await page.getByTestId('users-table').waitFor();
    await search(page, `e2e-kundin-${suffix}`);
    const buyerRow = page.locator(`[data-testid="users-row"][data-user-id="${buyer.userId}"]`);
    await buyerRow.waitFor();
    expect(await page.getByTestId('users-row').count()).toBe(1);
    expect(await buyerRow.getByTestId('users-row-origin').textContent()).toBe('Registrierung');
    expect(await buyerRow.textContent()).toContain('Klara');
    await saveScreenshot(page, 'admin-users-desktop');
    await expectAccessible(page, 'admin users');

    // The Sellers tab keeps the keyword: nobody of that name sells.
    await page.getByRole('tab', { name: 'Unternehmen' }).click();
    await page.getByTestId('empty-state').waitFor();
    await search(page, `e2e-laden-${suffix}`);
    const sellerRow = page.locator(`[data-testid="users-row"][data-user-id="${seller.userId}"]`);
    await sellerRow.waitFor();
    expect(await sellerRow.getByTestId('users-row-origin').textContent()).toBe('Verkäufer-Registrierung');

    await sellerRow.getByRole('button', { name: `Geschenk sperren: e2e-laden-${suffix}` }).click();
    const success = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
    await success.waitFor();
    expect(await success.textContent()).toContain('Die Geschenkfunktion wurde gesperrt.');
    await success.waitFor({ state: 'detached', timeout: 3000 });
    await sellerRow.getByRole('button', { name: `Geschenk entsperren: e2e-laden-${suffix}` }).waitFor();
    expect(await sellerRow.getByTestId('users-row-state').textContent()).toContain('Geschenk gesperrt');
    await expectAccessible(page, 'admin users sellers');

    // Back: unlocked again.
    await sellerRow.getByRole('button', { name: `Geschenk entsperren: e2e-laden-${suffix}` }).click();
    await page.getByTestId('message-dialog').filter({ hasText: 'Die Geschenkfunktion wurde entsperrt.' }).waitFor();

    await page.getByRole('tab', { name: 'Benutzer' }).click();
    await page.getByRole('tab', { name: 'Benutzer', selected: true }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await page.close();
  });

  it('is readable and accessible at 767 px, rows as cards', async () => {
    const page = await adminPage(767);
    await page.goto(at('/users'));
    await page.getByTestId('users-table').waitFor();
    await page.getByRole('tab', { name: 'Unternehmen' }).click();
    await page.getByRole('tab', { name: 'Unternehmen', selected: true }).waitFor();
    await page.getByTestId('users-row').first().waitFor();
    // No sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(767);
    await saveScreenshot(page, 'admin-users-767');
    await expectAccessible(page, 'admin users 767');
    await page.close();
  });
});
