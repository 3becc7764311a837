import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { api } from '../../scripts/test/api.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';
import { putVouchers, testVoucher } from '../../scripts/test/test-vouchers.ts';

/**
 * A tenant with custom authentication (01 §2, §4, 03 §9; issue 13): the admin gives a fresh seller a
 * subdomain and switches 'custom auth' on; on that tenant a guest checks out without login, 'Anmelden'
 * leads to /auth (login and registration on one page), and a logout returns there.
 */
const browser = useBrowser();
const port = new URL(webUrl()).port;
const suffix = randomUUID().slice(0, 6);
const tenant = `eigen${suffix}`;
const voucherId = `v-${tenant}-massage`;
const at = (path: string) => `http://${tenant}.gutscheinmarkt.localhost:${port}${path}`;
const onTenant = (path: string) =>
  new RegExp(`${tenant}\\.gutscheinmarkt\\.localhost:\\d+${path.replace('?', '\\?')}$`);

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(at(path));
  await acceptCookies(page);
  return page;
}

const cartCount = async (page: Page) => Number(await page.getByTestId('cart-count').first().textContent());

beforeAll(async () => {
  const admin = await createTestAccount('admin');
  const seller = await createTestAccount('seller');
  const subdomain = await api('PUT', `user/company/update/${seller.userId}`, {
    token: admin.token,
    body: { name: tenant },
  });
  expect(subdomain.status, JSON.stringify(subdomain.body)).toBe(200);
  const auth = await api('PUT', `user/user-auth-status/${seller.userId}`, { token: admin.token });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  expect(auth.body.user.is_custom_auth).toBe(true);
  await putVouchers(
    testVoucher(voucherId, seller.userId, {
      title: 'Massage im Eigen-Shop',
      seller: { id: seller.userId, username: `seller-${suffix}`, company: null },
    }),
  );
  const lookup = await api('GET', `user/company/name?subdomain=${tenant}`);
  expect(lookup.body.data.is_custom_auth).toBe(true);
});

describe('custom-auth tenant', () => {
  it('a guest adds a voucher and checks out at /payment without login', async () => {
    const page = await open(`/vouchers/${voucherId}`);
    // 'Anmelden' in the header leads to /auth here.
    const login = page.getByTestId('site-header').getByRole('link', { name: 'Anmelden' });
    await expect.poll(() => login.getAttribute('href')).toBe('/auth');

    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('message-dialog').getByText('Die Gutscheine wurden in den Warenkorb gelegt.').waitFor();
    await page.waitForURL(onTenant('/cart'));
    await expect.poll(() => cartCount(page)).toBe(1);

    // 'Zur Kasse' goes straight to the guest checkout, not to the login.
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(onTenant('/payment'));
    await page.getByRole('heading', { level: 1, name: 'Als Gast bestellen' }).waitFor();
    await expectAccessible(page, 'custom-auth tenant payment (guest)');
    await page.getByLabel('E-Mail', { exact: true }).fill(`gast-${suffix}@example.com`);
    await page.getByLabel('Vorname', { exact: true }).fill('Gerda');
    await page.getByLabel('Nachname', { exact: true }).fill('Gast');
    await page.getByTestId('card-number').fill('4242424242424242');
    await page.getByTestId('card-expiry').fill('1230');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('checkout-submit').click();
    const dialog = page.getByTestId('message-dialog');
    await dialog.getByText('Die Zahlung wurde erfolgreich durchgeführt.').waitFor({ timeout: 30_000 });
    await page.waitForURL(onTenant('/thank-you'));
    await expect.poll(() => cartCount(page), { timeout: 5000 }).toBe(0);
    await page.context().close();
  });

  it('/auth registers and logs in; a logout lands on /auth', async () => {
    const email = `eigen-${suffix}@example.com`;
    const page = await open('/home', 390);
    // /login on this tenant is /auth.
    await page.goto(at('/login'));
    await page.waitForURL(onTenant('/auth'));
    await page.getByTestId('auth-page').getByTestId('login-form').waitFor();
    await expectAccessible(page, 'auth (login tab)');
    await saveScreenshot(page, 'custom-auth-login-mobile');

    // Register on the second tab.
    await page.getByTestId('auth-tab-register').click();
    await page.waitForURL(onTenant('/auth?tab=register'));
    const form = page.getByTestId('register-buyer-form');
    await form.waitFor();
    await expectAccessible(page, 'auth (register tab)');
    await form.getByLabel('Benutzername', { exact: true }).fill(`eigen-${suffix}`);
    await form.getByLabel('Vorname', { exact: true }).fill('Erika');
    await form.getByLabel('Nachname', { exact: true }).fill('Eigen');
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Passwort', { exact: true }).fill('Geheim123!');
    await form.getByLabel('Passwort bestätigen', { exact: true }).fill('Geheim123!');
    await form.getByLabel(/Datenschutzerklärung/).check();
    await form.getByLabel(/AGB/).check();
    await saveScreenshot(page, 'custom-auth-register-mobile');
    await form.getByTestId('register-submit').click();
    await page.waitForURL(onTenant('/home'));
    // The success dialog closes itself after 2 s.
    await page.getByTestId('message-dialog').waitFor({ state: 'detached', timeout: 5000 });

    // Logout (phone: in the drawer) returns to /auth.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('mobile-drawer').getByRole('button', { name: 'Ausloggen' }).click();
    await page.waitForURL(onTenant('/auth'));
    await page.getByTestId('login-form').waitFor();

    // Log in on /auth with the new account: buyers land on /wallet.
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('Geheim123!');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(onTenant('/wallet'));
    await page.context().close();

    // Desktop: the header's Ausloggen also lands on /auth; a login-only page sends a guest to /auth.
    const desktop = await open('/auth');
    await desktop.getByLabel('E-Mail', { exact: true }).fill(email);
    await desktop.getByLabel('Passwort', { exact: true }).fill('Geheim123!');
    await desktop.getByTestId('login-submit').click();
    await desktop.waitForURL(onTenant('/wallet'));
    await saveScreenshot(desktop, 'custom-auth-wallet-desktop');
    await desktop.getByTestId('site-header').getByTestId('logout-button').click();
    await desktop.waitForURL(onTenant('/auth'));
    await desktop.goto(at('/wallet'));
    await desktop.waitForURL(onTenant('/auth'));
    await saveScreenshot(desktop, 'custom-auth-login-desktop');
    await desktop.context().close();
  });
});
