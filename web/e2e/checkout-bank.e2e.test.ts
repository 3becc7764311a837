import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Bank transfer from Germany (01 §9; docs/decisions/payments.md): the country select offers all six
 * countries, DE goes to Klarna at the Stripe stand-in, 'Authorisieren' brings the buyer back to
 * 'Danke!' and the wallet; 'Ablehnen' brings them back to the cart with the cancelled warning.
 */
const browser = useBrowser();
const PRODUCT_VOUCHER = 'v-alpenspa-massage';

const cartCount = async (page: Page) => Number(await page.getByTestId('cart-count').first().textContent());

async function toBankCheckout(page: Page) {
  await page.goto(at(`/vouchers/${PRODUCT_VOUCHER}`));
  // The header badge shows 0 until its count arrives: wait for it to show the server's count first.
  const before = await page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('gm.auth') ?? '{}') as { token?: string }).token;
    const answer = await fetch('/api/v1/order/total-user-cart', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    return ((await answer.json()) as { total: number }).total;
  });
  await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(before);
  await page.getByTestId('add-to-cart').click();
  await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(before + 1);
  await page.waitForURL(/\/cart$/);
  await page.getByTestId('cart-checkout').click();
  await page.waitForURL(/\/payment$/);
  await page.getByTestId('payment-type-bank').check();
  const country = page.getByLabel('Land');
  expect(await country.inputValue()).toBe('AT');
  expect(await country.locator('option').allTextContents()).toEqual([
    'Österreich',
    'Deutschland',
    'Italien',
    'Niederlanden',
    'Belgien',
    'Spanien',
  ]);
  await page.getByText('Du wirst zur Zahlung mit EPS weitergeleitet.').waitFor();
  await country.selectOption('DE');
  await page.getByText('Du wirst zur Zahlung mit Klarna weitergeleitet.').waitFor();
}

describe('bank transfer from Germany (Klarna)', () => {
  it('pays with Klarna: the stand-in page, then Danke! and the wallet', async () => {
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });
    await toBankCheckout(page);
    await saveScreenshot(page, 'checkout-bank-de-desktop');
    await expectAccessible(page, 'payment (buyer, bank transfer)');
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/__authorize\//, { timeout: 20_000 });
    expect(await page.getByText('KLARNA').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Authorisieren' }).click();
    await page.waitForURL(/\/cart\?payment=/);
    const dialog = page.getByTestId('message-dialog');
    await dialog.getByText('Die Zahlung wurde erfolgreich durchgeführt.').waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(0);
    await page.context().close();
  });

  it('declined at Klarna: back on the cart with the cancelled warning, the line still there (375 px)', async () => {
    const page = await openPage(browser(), { width: 375 });
    await logIn(page, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });
    await toBankCheckout(page);
    await saveScreenshot(page, 'checkout-bank-de-mobile');
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/__authorize\//, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await page.waitForURL(/\/cart\?status=failed/, { timeout: 30_000 });
    await page.getByTestId('payment-cancelled').waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, 'cart (payment cancelled, phone)');
    await page.context().close();
  });
});
