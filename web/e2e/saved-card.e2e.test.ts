import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { coupons } from '../../functions/src/lib/deps.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Issue 4 extras in the browser: the save-card checkbox really saves the card, the next checkout
 * pays with it directly ('Neue Karte' switches back to the card form), /profile-payment replaces and
 * removes it; the admin's sales pause hides 'In den Warenkorb' and shows the notice.
 */
const browser = useBrowser();
const PRODUCT_VOUCHER = 'v-alpenspa-massage';
const PAUSED =
  'Neue Gutscheinkäufe sind derzeit nicht möglich. Bereits gekaufte Gutscheine können weiterhin eingelöst werden.';

async function addProductToCart(page: Page) {
  await page.goto(at(`/vouchers/${PRODUCT_VOUCHER}`));
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('message-dialog').getByText('Die Gutscheine wurden in den Warenkorb gelegt.').waitFor();
  await page.waitForURL(/\/cart$/);
}

async function goToCheckout(page: Page) {
  await page.getByTestId('cart-checkout').click();
  await page.waitForURL(/\/payment$/);
  await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor();
}

async function expectThanks(page: Page) {
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByText('Die Zahlung wurde erfolgreich durchgeführt.').waitFor({ timeout: 30_000 });
  expect(await dialog.getByRole('heading').textContent()).toBe('Danke!');
  await page.waitForURL((url) => !url.pathname.startsWith('/payment'), { timeout: 15_000 });
}

describe('saved cards', () => {
  it('saves the card at checkout, pays the next order with it, then replaces and removes it on /profile-payment', async () => {
    const buyer = await createTestAccount('user', { first_name: 'Karla', last_name: 'Karte' });
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, buyer.email, buyer.password, { expectPath: /\/(wallet|home)$/ });

    // First order: a new card with 'Karte für künftige Zahlungen speichern'.
    await addProductToCart(page);
    await goToCheckout(page);
    expect(await page.getByTestId('saved-card').count()).toBe(0);
    await page.getByTestId('card-number').fill('4242424242424242');
    await page.getByTestId('card-expiry').fill('1230');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByLabel('Karte für künftige Zahlungen speichern').check();
    await page.getByTestId('checkout-submit').click();
    await expectThanks(page);

    // Second order: the saved card is offered and used directly, no card data typed.
    await addProductToCart(page);
    await goToCheckout(page);
    await page.getByTestId('saved-card').waitFor();
    expect(await page.getByTestId('saved-card-label').textContent()).toBe('Visa •••• 4242, gültig bis 12/30');
    expect(await page.getByTestId('card-number').count()).toBe(0);
    await saveScreenshot(page, 'saved-card-checkout-desktop');
    await expectAccessible(page, 'payment (buyer, saved card)');
    // 'Neue Karte' opens the card form; back to the saved card.
    expect(await page.getByTestId('new-card').textContent()).toBe('Neue Karte');
    await page.getByTestId('new-card').click();
    await page.getByTestId('card-number').waitFor();
    await page.getByTestId('use-saved-card').click();
    await page.getByTestId('saved-card').waitFor();
    await page.getByTestId('checkout-submit').click();
    await expectThanks(page);

    // /profile-payment: replace with a Mastercard, then remove it.
    await page.goto(at('/profile-payment'));
    await page.getByTestId('saved-card-label').getByText('Visa •••• 4242', { exact: false }).waitFor();
    await saveScreenshot(page, 'profile-payment-desktop');
    await expectAccessible(page, 'profile-payment');
    await page.getByTestId('replace-card').click();
    await page.getByTestId('card-number').fill('5555555555554444');
    await page.getByTestId('card-expiry').fill('1129');
    await page.getByTestId('card-cvc').fill('321');
    await page.getByTestId('save-card').click();
    await page.getByTestId('message-dialog').getByText('Die Karte wurde gespeichert.').waitFor();
    // 01 §2: after saving the card the buyer goes to /home.
    await page.waitForURL(/\/home$/);
    await page.goto(at('/profile-payment'));
    await page.getByTestId('saved-card-label').getByText('Mastercard •••• 4444, gültig bis 11/29').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'profile-payment-mobile');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('remove-card').click();
    await page.getByTestId('message-dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByTestId('message-dialog').getByText('Die gespeicherte Karte wurde entfernt.').waitFor();
    await page.getByTestId('no-saved-card').waitFor();
    await expectAccessible(page, 'profile-payment (no card, phone)');
    await page.context().close();
  });
});

describe('free orders', () => {
  it('a 100 % coupon completes the order without a card', async () => {
    const code = `GRATIS${randomUUID().slice(0, 6).toUpperCase()}`;
    const now = new Date().toISOString();
    await coupons().put({
      id: code,
      code,
      percent_off: 100,
      amount_off: null,
      active: true,
      expires_at: null,
      limit: 1,
      created_at: now,
      updated_at: now,
    });
    const buyer = await createTestAccount('user', { first_name: 'Frida', last_name: 'Frei' });
    const page = await openPage(browser(), { width: 375 });
    await logIn(page, buyer.email, buyer.password, { expectPath: /\/(wallet|home)$/ });
    await addProductToCart(page);
    await goToCheckout(page);
    await page.getByTestId('coupon-input').fill(code);
    await page.getByTestId('coupon-apply').click();
    await page.getByTestId('coupon-discount').waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toMatch(/^0,00\s€$/);
    await page.getByTestId('free-order-note').waitFor();
    expect(await page.getByTestId('card-number').count()).toBe(0);
    await saveScreenshot(page, 'free-order-checkout-mobile');
    await page.getByTestId('checkout-submit').click();
    await expectThanks(page);
    await page.goto(at('/orders'));
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    await saveScreenshot(page, 'orders-mobile');
    await expectAccessible(page, 'orders (phone)');
    await page.context().close();
  });
});

describe('sales pause', () => {
  it('the admin pauses sales on the home page: the add button gives way to the notice, the login page shows the discontinuation notice', async () => {
    const admin = await openPage(browser(), { width: 1280 });
    await logIn(admin, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    const state = admin.getByTestId('sales-pause-state');
    await state.getByText('Verkäufe sind geöffnet.').waitFor();
    await expectAccessible(admin, 'admin home');
    const guest = await openPage(browser(), { width: 375 });
    try {
      await admin.getByTestId('sales-pause-toggle').click();
      await admin.getByTestId('message-dialog').getByRole('button', { name: 'Bestätigen' }).click();
      await admin.getByTestId('message-dialog').getByText('Die Verkäufe sind pausiert.').waitFor();
      await state.getByText(/Verkäufe sind pausiert/).waitFor();
      await saveScreenshot(admin, 'sales-pause-admin-desktop');

      await guest.goto(at(`/vouchers/${PRODUCT_VOUCHER}`));
      await guest.getByTestId('sales-paused-notice').getByText(PAUSED).waitFor();
      expect(await guest.getByTestId('add-to-cart').count()).toBe(0);
      await saveScreenshot(guest, 'sales-pause-voucher-mobile');
      await guest.goto(at('/login'));
      await guest.getByTestId('discontinuation-notice').waitFor();
    } finally {
      // Back to open sales for every other test.
      await admin.goto(at('/home'));
      await admin.waitForSelector('[data-testid="sales-pause-toggle"]:not([disabled])');
      if ((await admin.getByTestId('sales-pause-toggle').textContent()) === 'Verkäufe wieder aufnehmen') {
        await admin.getByTestId('sales-pause-toggle').click();
        await admin.getByTestId('message-dialog').getByRole('button', { name: 'Bestätigen' }).click();
        await admin.getByTestId('message-dialog').getByText('Die Verkäufe sind wieder geöffnet.').waitFor();
      }
    }
    await guest.goto(at(`/vouchers/${PRODUCT_VOUCHER}`));
    await guest.getByTestId('add-to-cart').waitFor();
    await admin.context().close();
    await guest.context().close();
  });
});
