import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, at, logIn, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';

/**
 * The branded tenant shop (01 §2 seller landing page, 03 §9): the demo seller `seller-alpenspa` owns the
 * subdomain `alpenspa`. Locally a tenant host has three labels, `alpenspa.gutscheinmarkt.localhost`
 * (Chromium resolves every *.localhost to this machine, and `vite preview` allows them).
 */
const browser = useBrowser();
const port = new URL(webUrl()).port;
const tenantAt = (tenant: string, path: string) => `http://${tenant}.gutscheinmarkt.localhost:${port}${path}`;

async function open(url: string, width: number, { cookies = true } = {}): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(url);
  if (cookies) await acceptCookies(page);
  return page;
}

const cardIds = (page: Page, list = 'seller-voucher-list') =>
  page
    .getByTestId(list)
    .getByTestId('voucher-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-voucher-id') ?? ''));
const cartCount = async (page: Page) => Number(await page.getByTestId('cart-count').first().textContent());

describe('tenant shop', () => {
  it.each([1280, 375])('shows the branded landing page with only the seller’s vouchers at %i px', async (width) => {
    const page = await open(tenantAt('alpenspa', '/'), width);
    // The tenant root goes to /home, which is the seller landing page.
    await page.waitForURL(/alpenspa\.gutscheinmarkt\.localhost:\d+\/home$/);
    const landing = page.getByTestId('tenant-landing');
    await landing.waitFor();
    expect(await page.getByTestId('guest-home').count()).toBe(0);

    // Hero with the two header texts on the company colours (demo: #1D4F55 / #fff).
    const hero = page.getByTestId('tenant-hero');
    expect(await hero.getByRole('heading', { level: 1 }).textContent()).toBe('Zeit für dich');
    expect(await hero.textContent()).toContain('Wellness-Gutscheine aus dem Tiroler Oberland');
    expect(await hero.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 79, 85)');
    expect(await hero.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    // Three numbered steps with the spec's default titles.
    const steps = page.getByTestId('tenant-steps').locator('.step__title');
    expect(await steps.allTextContents()).toEqual([
      'Gutschein wählen',
      'Gutschein personalisieren',
      'Als Geschenk versenden',
    ]);

    // 'Unsere Gutscheine': that seller's vouchers only.
    expect(await page.getByRole('heading', { name: /^Unsere Gutscheine/ }).count()).toBe(1);
    await page.getByTestId('seller-voucher-list').getByTestId('voucher-card').first().waitFor();
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(2);
    expect(
      ids.every((id) => id.startsWith('v-alpenspa-')),
      ids.join(', '),
    ).toBe(true);

    // The header shows the shop's name instead of the marketplace logo.
    expect(await page.getByTestId('site-header').getByTestId('tenant-brand').textContent()).toContain(
      'Alpen Spa & Wellness',
    );
    await expectAccessible(page, `tenant landing ${width} px`);
    await saveScreenshot(page, `tenant-landing-${width}`);
    await page.screenshot({ path: `/tmp/tenant-landing-${width}.png`, fullPage: true });
    await page.context().close();
  });

  it('limits the search to the tenant’s seller', async () => {
    const page = await open(tenantAt('alpenspa', '/vouchers/search'), 1280);
    const list = page.locator('.discovery__results [data-testid="voucher-card"]');
    await list.first().waitFor();
    const ids = await list.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-voucher-id') ?? ''));
    expect(ids.length).toBeGreaterThan(0);
    expect(
      ids.every((id) => id.startsWith('v-alpenspa-')),
      ids.join(', '),
    ).toBe(true);

    // The same search on the main site also lists other sellers.
    const main = await open(at('/vouchers/search'), 1280);
    const mainList = main.locator('.discovery__results [data-testid="voucher-card"]');
    await mainList.first().waitFor();
    const mainIds = await mainList.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-voucher-id') ?? ''));
    expect(
      mainIds.some((id) => !id.startsWith('v-alpenspa-')),
      mainIds.join(', '),
    ).toBe(true);
    await page.context().close();
    await main.context().close();
  });

  it("offers another seller's voucher on the marketplace, not in the shop's cart", async () => {
    const page = await open(tenantAt('alpenspa', '/vouchers/v-berg-tandemflug'), 1280);
    const notice = page.getByTestId('not-sold-here');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Dieser Gutschein ist in diesem Shop nicht erhältlich.');
    expect(await page.getByTestId('add-to-cart').count()).toBe(0);
    expect(await page.getByTestId('purchase-panel').count()).toBe(0);
    // The link leads to the same voucher on the marketplace (the host without the tenant label).
    const marketplace = await notice.getByRole('link', { name: /Gutscheinmarkt/ }).getAttribute('href');
    expect(marketplace).toBe(`http://gutscheinmarkt.localhost:${port}/vouchers/v-berg-tandemflug`);
    await expectAccessible(page, 'tenant voucher of another seller');
    await saveScreenshot(page, 'tenant-foreign-voucher');

    // The shop's own voucher can be bought there.
    await page.goto(tenantAt('alpenspa', '/vouchers/v-alpenspa-massage'));
    await page.getByTestId('add-to-cart').waitFor();
    expect(await page.getByTestId('not-sold-here').count()).toBe(0);
    await page.context().close();
  });

  it('sends an unknown subdomain to the main site', async () => {
    const page = await open(tenantAt('gibtsnicht', '/home'), 1280, { cookies: false });
    await page.waitForURL(`http://gutscheinmarkt.localhost:${port}/home`);
    await page.getByTestId('guest-home').waitFor();
    expect(await page.getByTestId('tenant-landing').count()).toBe(0);
    await page.screenshot({ path: '/tmp/tenant-unknown.png' });
    await page.context().close();
  });

  it("counts only the shop's lines in the header cart count", async () => {
    // A marketplace line, added on the main site.
    const main = await open(at('/home'), 1280);
    await logIn(main, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });
    await main.goto(at('/vouchers/v-berg-wert'));
    const beforeMain = await cartCount(main);
    await main.getByTestId('add-to-cart').click();
    await expect.poll(() => cartCount(main)).toBe(beforeMain + 1);

    // On the shop the same buyer's header count (loaded at login) is the shop's cart only: what its cart page lists.
    const shop = await open(tenantAt('alpenspa', '/login'), 1280);
    await shop.getByLabel('E-Mail', { exact: true }).fill('buyer@example.com');
    await shop.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
    await shop.getByTestId('login-submit').click();
    await shop.waitForURL(/alpenspa\.gutscheinmarkt\.localhost:\d+\/wallet$/);
    await shop.waitForLoadState('networkidle');
    const headerCount = await cartCount(shop);
    await shop.goto(tenantAt('alpenspa', '/cart'));
    await shop.locator('[data-testid="cart-lines"], .cart-page__empty').first().waitFor();
    const shopLines = await shop.getByTestId('cart-line').count();
    expect(headerCount).toBe(shopLines);
    expect(
      await shop
        .getByTestId('cart-line')
        .evaluateAll((lines) => lines.every((l) => l.getAttribute('data-voucher-id')?.startsWith('v-alpenspa-'))),
    ).toBe(true);
    // The marketplace counts every pending line, the berg one included.
    await main.reload();
    await expect.poll(() => cartCount(main)).toBeGreaterThan(shopLines);
    const mainCount = await cartCount(main);

    // A line put into the cart on the shop counts on the shop (also after a fresh load, from the server) and on the marketplace.
    await shop.goto(tenantAt('alpenspa', '/vouchers/v-alpenspa-massage'));
    await shop.getByTestId('add-to-cart').click();
    await expect.poll(() => cartCount(shop)).toBe(shopLines + 1);
    await shop.waitForURL(/\/cart$/);
    await shop.goto(tenantAt('alpenspa', '/home'));
    await shop.getByTestId('tenant-landing').waitFor();
    await shop.waitForLoadState('networkidle');
    expect(await cartCount(shop)).toBe(shopLines + 1);
    await main.reload();
    await expect.poll(() => cartCount(main)).toBe(mainCount + 1);
    await main.context().close();
    await shop.context().close();
  });
});
