import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_ERROR_TEXT } from '@gm/shared/payments/card-errors';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Cart and checkout on the real stack (01 §2, §4): add a value and a product voucher, the cart,
 * coupon WILLKOMMEN10, the test card 4242 4242 4242 4242 at the Stripe stand-in, 'Danke!' — as a
 * buyer (on to /wallet, where the new vouchers are) and as a guest (on to /thank-you).
 */
const browser = useBrowser();
const VALUE_VOUCHER = 'v-alpenspa-wert';
const PRODUCT_VOUCHER = 'v-alpenspa-massage';
const ADDED = 'Die Gutscheine wurden in den Warenkorb gelegt.';

const newPage = (width: number) => openPage(browser(), { width });
const logInAsBuyer = (page: Page) => logIn(page, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });

const cartCount = async (page: Page) => Number(await page.getByTestId('cart-count').first().textContent());
const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

async function addToCart(page: Page, voucherId: string, amount?: string) {
  await page.goto(at(`/vouchers/${voucherId}`));
  // The badge has no number until the count is known; reading it waits for it.
  const before = await cartCount(page);
  if (amount) await page.getByTestId('amount-input').fill(amount);
  await page.getByTestId('add-to-cart').click();
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByText(ADDED).waitFor();
  expect(await dialog.getByRole('heading').textContent()).toBe('Erfolgreich!');
  // The header count is the server's answer after the add: poll until it arrives.
  await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(before + 1);
  // The dialog closes after 1 s and the page goes to the cart.
  await page.waitForURL(/\/cart$/);
}

async function payWithCoupon(page: Page, cardNumber = '4242424242424242') {
  const subtotal = euros(await page.getByTestId('checkout-total').textContent());
  expect(subtotal).toBeGreaterThan(0);
  await page.getByTestId('coupon-input').fill('willkommen10');
  // Shown upper-case.
  expect(await page.getByTestId('coupon-input').inputValue()).toBe('WILLKOMMEN10');
  await page.getByTestId('coupon-apply').click();
  await page.getByTestId('coupon-discount').waitFor();
  await expect
    .poll(async () => euros(await page.getByTestId('checkout-total').textContent()))
    .toBeCloseTo(subtotal * 0.9, 2);

  await page.getByTestId('card-number').fill(cardNumber);
  expect(await page.getByTestId('card-number').inputValue()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  await page.getByTestId('card-expiry').fill('1230');
  await page.getByTestId('card-cvc').fill('123');
}

async function expectThanks(page: Page) {
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByText('Die Zahlung wurde erfolgreich durchgeführt.').waitFor({ timeout: 30_000 });
  expect(await dialog.getByRole('heading').textContent()).toBe('Danke!');
}

describe('cart and checkout', () => {
  it('a buyer adds a value and a product voucher, applies WILLKOMMEN10 and pays by card', async () => {
    const page = await newPage(1280);
    await logInAsBuyer(page);
    await addToCart(page, VALUE_VOUCHER, '50');
    await addToCart(page, PRODUCT_VOUCHER);

    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(2);
    // Other browser tests may leave lines in the demo buyer's cart (a declined bank payment keeps its line).
    const product = page.locator(`[data-testid="cart-line"][data-voucher-id="${PRODUCT_VOUCHER}"]`).first();
    expect(await product.getByTestId('cart-line-amount').textContent()).toBe('1 Stück');
    const value = page.locator(`[data-testid="cart-line"][data-voucher-id="${VALUE_VOUCHER}"]`).first();
    expect(euros(await value.getByTestId('cart-line-amount').textContent())).toBe(50);

    // The stepper changes the quantity on the server; the totals follow.
    const totalBefore = euros(await page.getByTestId('cart-total').textContent());
    await product.getByTestId('cart-line-increase').click();
    await expect.poll(async () => product.getByTestId('cart-line-amount').textContent()).toBe('2 Stück');
    await expect
      .poll(async () => euros(await page.getByTestId('cart-total').textContent()))
      .toBeCloseTo(totalBefore + 79, 2);
    expect(await page.getByText('Du kannst deinen Gutschein nach dem Kauf personalisieren.').count()).toBe(1);
    await saveScreenshot(page, 'checkout-cart-desktop');
    await expectAccessible(page, 'cart (buyer)');

    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(/\/payment$/);
    await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor();
    await payWithCoupon(page);
    await saveScreenshot(page, 'checkout-payment-desktop');
    await expectAccessible(page, 'payment (buyer)');
    await page.getByTestId('checkout-submit').click();
    await expectThanks(page);
    // 01 §4: a buyer's card payment lands on /wallet, where the new vouchers come first (newest first).
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(0);
    const newest = page.getByTestId('wallet-list').getByTestId('wallet-card');
    await expect
      .poll(async () => (await newest.allTextContents()).slice(0, 2).join(' | '))
      .toMatch(/(Aromaölmassage 50 Minuten.*Wellness-Wertgutschein|Wellness-Wertgutschein.*Aromaölmassage 50 Minuten)/);
    await saveScreenshot(page, 'checkout-wallet-desktop');

    await page.goto(at('/cart'));
    await page.getByTestId('empty-state').waitFor();
    // /payment with the now empty cart: only the empty state, no payment form.
    await page.goto(at('/payment'));
    await page.getByTestId('payment-empty').waitFor();
    expect(await page.getByTestId('checkout-submit').count()).toBe(0);

    // The order history lists the purchase, under the profile tab 'Bestellungen'.
    await page.goto(at('/orders'));
    await expect.poll(() => page.getByTestId('order-row').count()).toBeGreaterThanOrEqual(2);
    expect(
      await page.getByRole('navigation', { name: 'Profilbereiche' }).locator('[aria-current="page"]').textContent(),
    ).toBe('Bestellungen');
    expect(await page.getByTestId('orders-table').textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    await saveScreenshot(page, 'checkout-orders-desktop');
    await expectAccessible(page, 'orders');
    // Each line's invoice downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('order-invoice-download').first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Rechnung-RE-\d{4}-[A-Z2-9]{5}-\d{6}\.pdf$/);
    await page.context().close();
  });

  it('a guest checks out as guest and lands on /thank-you (phone)', async () => {
    const page = await newPage(390);
    await addToCart(page, PRODUCT_VOUCHER);
    await page.goto(at(`/vouchers/${VALUE_VOUCHER}`));
    await page.getByTestId('add-to-cart').waitFor();
    await saveScreenshot(page, 'checkout-voucher-detail-mobile');
    await addToCart(page, VALUE_VOUCHER, '25');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await saveScreenshot(page, 'checkout-cart-mobile');
    await expectAccessible(page, 'cart (guest)');

    // 'Zur Kasse' sends a guest to the login, which offers the guest checkout.
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId('guest-checkout-link').click();
    await page.waitForURL(/\/payment$/);
    await page.getByRole('heading', { level: 1, name: 'Als Gast bestellen' }).waitFor();
    // The header badge shows the guest's cart on /payment (the login page zeroes it only while it is open).
    await expect.poll(() => cartCount(page)).toBe(2);
    expect(await page.getByTestId('cart-link').getAttribute('aria-label')).toBe('Warenkorb, 2 Gutscheine');
    await expectAccessible(page, 'payment (guest)');
    // No bank transfer for guests; the button waits for the buyer data.
    expect(await page.getByTestId('payment-type-bank').count()).toBe(0);
    expect(await page.getByTestId('checkout-submit').isDisabled()).toBe(true);
    await page.getByLabel('E-Mail', { exact: true }).fill('gast@example.com');
    await page.getByLabel('Vorname', { exact: true }).fill('Gerda');
    await page.getByLabel('Nachname', { exact: true }).fill('Gast');
    // A declined card: the refusal in German under the card field (not the provider's English), the cart stays.
    await payWithCoupon(page, '4000000000000002');
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('card-input').getByText(CARD_ERROR_TEXT.declined).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Your card was declined.').count()).toBe(0);
    expect(await cartCount(page)).toBe(2);
    await saveScreenshot(page, 'checkout-payment-declined-mobile');
    await page.getByTestId('card-number').fill('4242424242424242');
    await saveScreenshot(page, 'checkout-payment-guest-mobile');
    await page.getByTestId('checkout-submit').click();
    await expectThanks(page);
    await page.waitForURL(/\/thank-you$/);
    await page.getByText('Danke! Der Gutschein und die Rechnung sind via Email am Weg zu dir.').waitFor();
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(0);
    await saveScreenshot(page, 'checkout-thank-you-mobile');
    await expectAccessible(page, 'thank-you');
    await page.context().close();
  });

  it('3-D Secure: the bank page, then back on /cart?payment=<id> until the payment completes', async () => {
    const page = await newPage(1280);
    await logInAsBuyer(page);
    await addToCart(page, PRODUCT_VOUCHER);
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(/\/payment$/);
    await page.getByTestId('card-number').fill('4000000000003220');
    await page.getByTestId('card-expiry').fill('1230');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/__authorize\//, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Authorisieren' }).click();
    await page.waitForURL(/\/cart\?payment=/);
    await expectThanks(page);
    await page.waitForURL(/\/wallet$/);
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(0);
    await page.context().close();
  });

  it('adds from the detail modal: the modal closes after 1 s; sellers see no button', async () => {
    const page = await newPage(1280);
    await page.goto(at('/vouchers/search'));
    await page.getByTestId('search-results').getByTestId('voucher-card').first().getByRole('link').click();
    const modal = page.getByTestId('voucher-modal');
    await modal.getByTestId('add-to-cart').click();
    await page.getByTestId('message-dialog').getByText(ADDED).waitFor();
    await modal.waitFor({ state: 'detached', timeout: 4000 });
    expect(new URL(page.url()).pathname).toBe('/vouchers/search');
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(1);

    await page.goto(at('/login'));
    // Opening the login resets the cart count (and no late answer brings it back).
    await page.getByTestId('login-form').waitFor();
    await page.waitForTimeout(500);
    expect(await cartCount(page)).toBe(0);
    await page.getByLabel('E-Mail', { exact: true }).fill('seller@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home$/);
    await page.goto(at(`/vouchers/${PRODUCT_VOUCHER}`));
    await page.getByTestId('purchase-panel').waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    expect(await page.getByTestId('add-to-cart').count()).toBe(0);
    await page.context().close();
  });

  it('shows the payment-cancelled warning on /cart?status=failed and the empty cart', async () => {
    const page = await newPage(1280);
    await page.goto(at('/cart?status=failed'));
    await page
      .getByTestId('payment-cancelled')
      .getByText('Zahlung wurde abgebrochen. Bitte versuche es erneut oder wähle eine andere Zahlungsmethode.')
      .waitFor();
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId('empty-state').textContent()).toBe('Noch keine Daten vorhanden.');
    await expectAccessible(page, 'cart (empty, payment cancelled)');
    await page.context().close();
  });
});
