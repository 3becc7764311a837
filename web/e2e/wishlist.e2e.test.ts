import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR, expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/** A buyer keeps vouchers on the wishlist: heart on the card, 2.5 s toast, /wish-list, header count (01 §2, §4). */
const browser = useBrowser();
const ADDED = 'Gutschein zur Wunschliste hinzugefügt.';
const REMOVED = 'Gutschein von der Wunschliste entfernt.';

const newPage = (width: number) => openPage(browser(), { width });
const logInAsBuyer = (page: Page) => logIn(page, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });

const headerCount = async (page: Page) => Number(await page.getByTestId('wishlist-count').first().textContent());

async function expectToast(page: Page, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await toast.waitFor();
  // The region is a polite live region, so screen readers announce the toast.
  expect(await page.getByTestId('toast-region').getAttribute('aria-live')).toBe('polite');
  return toast;
}

describe('wishlist', () => {
  it('sends a guest who taps a heart to the login', async () => {
    const page = await newPage(1280);
    const heart = page.getByTestId('favourites-list').getByTestId('wishlist-heart').first();
    await heart.click();
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('adds and removes a voucher: heart, toast, /wish-list and header count', async () => {
    const page = await newPage(1280);
    await logInAsBuyer(page);
    await page.goto(at('/home'));
    const card = page.getByTestId('favourites-list').getByTestId('voucher-card').first();
    await card.waitFor();
    const voucherId = await card.getAttribute('data-voucher-id');
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    const heart = card.getByTestId('wishlist-heart');
    const before = await headerCount(page);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');

    await heart.click();
    const toast = await expectToast(page, ADDED);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => headerCount(page)).toBe(before + 1);
    // The heart did not open the voucher.
    expect(new URL(page.url()).pathname).toBe('/home');
    // The toast is fixed to the viewport: a viewport shot shows it where the user sees it.
    await page.screenshot({ path: join(RESULTS_DIR, 'wishlist-toast-desktop.png') });
    // Toasts go away after 2.5 s.
    await toast.waitFor({ state: 'detached', timeout: 4000 });

    // A reload keeps the list (stored locally and refreshed from the server).
    await page.reload();
    await expect.poll(() => headerCount(page)).toBe(before + 1);

    await page.getByTestId('wishlist-link').first().click();
    await page.waitForURL(/\/wish-list$/);
    await page.getByRole('heading', { name: 'Meine Wunschliste' }).waitFor();
    const listed = page.getByTestId('wish-list').locator(`[data-voucher-id="${voucherId}"]`);
    await listed.waitFor();
    expect(await listed.getByRole('heading').textContent()).toContain(title);
    await expectAccessible(page, 'wish-list');
    await saveScreenshot(page, 'wishlist-page-desktop');

    await listed.getByTestId('wishlist-heart').click();
    await expectToast(page, REMOVED);
    await listed.waitFor({ state: 'detached' });
    await expect.poll(() => headerCount(page)).toBe(before);
    if (before === 0) await page.getByTestId('empty-state').waitFor();
    await saveScreenshot(page, 'wishlist-page-after-remove-desktop');
    await page.context().close();
  });

  it('works the same on a phone', async () => {
    const page = await newPage(390);
    await logInAsBuyer(page);
    await page.goto(at('/home'));
    const card = page.getByTestId('favourites-list').getByTestId('voucher-card').nth(1);
    await card.scrollIntoViewIfNeeded();
    const heart = card.getByTestId('wishlist-heart');
    const before = await headerCount(page);
    await heart.click();
    await expectToast(page, ADDED);
    await expect.poll(() => headerCount(page)).toBe(before + 1);
    await page.screenshot({ path: join(RESULTS_DIR, 'wishlist-toast-mobile.png') });

    await page.goto(at('/wish-list'));
    await page.getByTestId('wish-list').getByTestId('voucher-card').first().waitFor();
    await saveScreenshot(page, 'wishlist-page-mobile');
    await page.getByTestId('wish-list').getByTestId('wishlist-heart').first().click();
    await expectToast(page, REMOVED);
    await expect.poll(() => headerCount(page)).toBe(before);
    await page.context().close();
  });

  it('sends a guest from /wish-list to the login', async () => {
    const page = await newPage(1280);
    await page.goto(at('/wish-list'));
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });
});
