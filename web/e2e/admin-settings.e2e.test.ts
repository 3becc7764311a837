import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createCompanyRepository } from '../../functions/src/repositories/company-repository.ts';
import { createUserVoucherRepository } from '../../functions/src/repositories/user-voucher-repository.ts';
import { newUserVoucher } from '../../functions/src/services/orders/new-user-voucher.ts';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';
import { putVouchers, testVoucher } from '../../scripts/test/test-vouchers.ts';

/**
 * Issue 11, admin platform slice: global settings, a seller's payout settings, a subdomain assigned to
 * a seller and its shop opened on `<name>.gutscheinmarkt.localhost`, the expired vouchers with CSV,
 * and the admin voucher modal from a card header.
 */
const browser = useBrowser();
const suffix = randomUUID().slice(0, 6);
const shopName = `e2e-shop-${suffix}`;
const companyName = `E2E Betrieb ${suffix}`;
const port = new URL(webUrl()).port;
const tenantAt = (tenant: string, path: string) => `http://${tenant}.gutscheinmarkt.localhost:${port}${path}`;

let seller: TestAccount;
let expiredTitle: string;

beforeAll(async () => {
  seller = await createTestAccount('seller');
  const now = new Date().toISOString();
  await createCompanyRepository(documentClient(), env().TABLE_NAME).put({
    id: `c-${suffix}`,
    seller_id: seller.userId,
    name: companyName,
    description: null,
    url: null,
    logo: null,
    header_logo: null,
    region_id: 1,
    vat_number: null,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    is_header_show: false,
    created_at: now,
    updated_at: now,
  });
  const voucher = testVoucher(`v-e2e-admin-${suffix}`, seller.userId, { title: `Admin E2E ${suffix}` });
  await putVouchers(voucher);
  // A bought voucher whose validity ended with 12,34 € left, held by a guest.
  expiredTitle = `Abgelaufen E2E ${suffix}`;
  const record = newUserVoucher({
    id: randomUUID(),
    order: {
      id: `o-${randomUUID()}`,
      voucher_id: voucher.id,
      seller_id: seller.userId,
      voucher: { ...voucher, title: expiredTitle },
    },
    orderNo: `GM-E2E-${suffix}`,
    amounts: { qty: 1, value: 2000, remaining_qty: 1, remaining_value: 1234 },
    owner: { owner_guest_email: `gast-${suffix}@test.example` },
    at: now,
    validUntil: '2022-12-31',
    appUrl: env().APP_URL,
  });
  const userVouchers = createUserVoucherRepository(documentClient(), env().TABLE_NAME);
  await documentClient().send(new TransactWriteCommand({ TransactItems: userVouchers.issueParts(record) }));
});

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

async function settled(dialog: Locator) {
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

async function successDialog(page: Page) {
  const dialog = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
  await dialog.waitFor();
  await dialog.waitFor({ state: 'detached', timeout: 3000 });
}

async function confirmDialog(page: Page) {
  const dialog = page.getByTestId('message-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
}

describe('admin settings, subdomains, expired vouchers', () => {
  it('runs the platform: counts, settings, a subdomain and its shop, expired vouchers, the voucher modal', async () => {
    const page = await adminPage(1280);

    // Admin home: greeting, counts, sales pause.
    const overview = page.getByTestId('admin-overview');
    await overview.waitFor();
    await expect.poll(() => overview.getByTestId('overview-orders-today').textContent()).toMatch(/^\d+$/);
    expect(await overview.getByTestId('overview-awaiting').textContent()).toMatch(/^\d+$/);
    expect(await overview.getByRole('link', { name: 'Zu den Unternehmen' }).getAttribute('href')).toBe(
      '/users?tab=sellers',
    );
    await expectAccessible(page, 'admin home with counts');
    await saveScreenshot(page, 'admin-home-counts');
    // The sellers count leads to the sellers tab of /users.
    await overview.getByRole('link', { name: 'Zu den Unternehmen' }).click();
    await page.waitForURL(/\/users\?tab=sellers$/);
    await expect.poll(() => page.getByRole('tab', { name: 'Unternehmen' }).getAttribute('aria-selected')).toBe('true');
    await page.goto(at('/home'));
    await page.getByTestId('admin-overview').waitFor();

    // Global settings: the menu's 'Einstellungen'; saved as they are (other tests price with them).
    await page.getByTestId('site-header').getByRole('link', { name: 'Einstellungen', exact: true }).click();
    await page.waitForURL(/\/settings$/);
    const globalForm = page.getByTestId('global-settings-form');
    await globalForm.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Global Settings');
    await expectAccessible(page, 'global settings');
    await saveScreenshot(page, 'admin-global-settings');
    const minimum = globalForm.getByLabel(/^Mindestwert/);
    const before = await minimum.inputValue();
    await minimum.fill('');
    await globalForm.getByTestId('settings-submit').click();
    expect(await globalForm.getByText('Dieses Feld muss ausgefüllt werden', { exact: true }).count()).toBe(1);
    await minimum.fill(before);
    await globalForm.getByTestId('settings-submit').click();
    await successDialog(page);

    // The seller's payout settings, headed by username and company.
    await page.goto(at(`/settings/user/${seller.userId}`));
    const userForm = page.getByTestId('user-settings-form');
    await userForm.waitFor();
    expect(await page.getByTestId('settings-seller').textContent()).toContain(companyName);
    expect(await page.getByTestId('user-settings-source').textContent()).toContain('noch keine eigenen');
    await userForm.getByLabel(/^Provision Marktplatz \(%/).fill('8,5');
    await userForm.getByTestId('settings-submit').click();
    await successDialog(page);
    await page.reload();
    await page.getByTestId('user-settings-form').waitFor();
    expect(await page.getByTestId('user-settings-source').textContent()).toContain('eigene Einstellungen');
    expect(
      await page
        .getByTestId('user-settings-form')
        .getByLabel(/^Provision Marktplatz \(%/)
        .inputValue(),
    ).toBe('8,5');
    await expectAccessible(page, 'payout settings of a seller');
    await saveScreenshot(page, 'admin-user-settings');

    // Subdomain: the menu's 'Verwalten' → 'Subdomain'; assign one to the new seller.
    await page.goto(at('/subdomain'));
    await page.getByTestId('subdomain-table').waitFor();
    await expectAccessible(page, 'subdomain table');
    await page.getByTestId('subdomain-add').click();
    const modal = page.getByTestId('subdomain-modal');
    await modal.waitFor();
    await modal.getByTestId('subdomain-submit').click();
    expect(await modal.locator('#field-seller_id').getAttribute('aria-invalid')).toBe('true');
    // The picker lists the first 10 sellers without a subdomain; the search narrows it to ours.
    await modal.getByLabel('Verkäufer suchen').fill(seller.email.split('@')[0]!);
    await expect
      .poll(() =>
        modal.locator('#field-seller_id option').evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
      )
      .toEqual(['', seller.userId]);
    await modal.locator('#field-seller_id').selectOption(seller.userId);
    await modal.getByLabel(/^Subdomain/).fill('www');
    await modal.getByTestId('subdomain-submit').click();
    await modal.getByText('Diese Subdomain ist reserviert.').waitFor();
    await settled(modal);
    await expectAccessible(page, 'subdomain modal');
    await saveScreenshot(page, 'admin-subdomain-modal');
    await modal.getByLabel(/^Subdomain/).fill(shopName);
    await modal.getByTestId('subdomain-submit').click();
    await successDialog(page);
    await page.getByTestId('subdomain-search').fill(shopName);
    const row = page.getByTestId('subdomain-row').filter({ hasText: shopName });
    await row.waitFor();
    expect(await row.textContent()).toContain(companyName);
    await saveScreenshot(page, 'admin-subdomain-table');

    // A name another seller holds: the server refuses, 'Warnung!' with its message.
    await row.getByTestId('subdomain-edit').click();
    await modal.waitFor();
    await modal.getByLabel(/^Subdomain/).fill('alpenspa');
    await modal.getByTestId('subdomain-submit').click();
    const warning = page.getByTestId('message-dialog').filter({ hasText: 'Warnung!' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Diese Subdomain ist bereits vergeben.');
    await warning.getByRole('button', { name: 'Bestätigen' }).click();
    await modal.getByRole('button', { name: 'Abbrechen' }).click();

    // The shop answers on its own host.
    const shop = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    const shopPage = await shop.newPage();
    await shopPage.goto(tenantAt(shopName, '/home'));
    await shopPage.getByTestId('tenant-landing').waitFor();
    expect(await shopPage.getByTestId('site-header').getByTestId('tenant-brand').textContent()).toContain(companyName);
    await saveScreenshot(shopPage, 'admin-assigned-shop');

    // Removing it sends the host to the main site.
    await row.getByTestId('subdomain-remove').click();
    await confirmDialog(page);
    await successDialog(page);
    await page.getByTestId('empty-state').waitFor();
    const gone = await shop.newPage();
    await gone.goto(tenantAt(shopName, '/home'));
    await gone.waitForURL(`http://gutscheinmarkt.localhost:${port}/home`);
    await shop.close();

    // Expired vouchers with their remaining value, and the CSV.
    await page.goto(at('/voucher-expired'));
    const expired = page.getByTestId('expired-row').filter({ hasText: expiredTitle });
    await expired.waitFor();
    expect(await expired.textContent()).toContain('12,34');
    expect(await expired.textContent()).toContain(`gast-${suffix}@test.example`);
    expect(await expired.textContent()).toContain('31.12.2022');
    await expectAccessible(page, 'expired vouchers');
    await saveScreenshot(page, 'admin-voucher-expired');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('expired-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^Abgelaufene_Gutscheine_\d{4}-\d{2}-\d{2}\.csv$/);
    // Issue 12: by a presigned link to the private bucket.
    expect(download.url()).toMatch(/\/exports\/.+\.csv\?/);

    // The admin voucher modal from a card's header (a seller page's list).
    await page.goto(at('/seller/seller-alpenspa'));
    const card = page.getByTestId('voucher-card').first();
    await card.waitFor();
    await card.getByTestId('voucher-card-admin').click();
    const voucherModal = page.getByTestId('admin-voucher-modal');
    await voucherModal.waitFor();
    await voucherModal.getByTestId('admin-voucher-status').waitFor();
    expect(await voucherModal.getByTestId('admin-voucher-seller').textContent()).toContain('alpenspa');
    const featured = await voucherModal.getByTestId('admin-voucher-featured').textContent();
    await settled(voucherModal);
    await expectAccessible(page, 'admin voucher modal');
    await saveScreenshot(page, 'admin-voucher-modal');
    // Toggle twice, so the demo data stays as it was.
    for (let i = 0; i < 2; i++) {
      await voucherModal.getByTestId('admin-voucher-feature-toggle').click();
      await confirmDialog(page);
      await successDialog(page);
    }
    expect(await voucherModal.getByTestId('admin-voucher-featured').textContent()).toBe(featured);
    await voucherModal.getByTestId('admin-voucher-statistic').click();
    await page.getByTestId('voucher-statistic').waitFor();
    await page.getByTestId('stat-redemptions').waitFor();
    await expectAccessible(page, 'voucher statistics for an admin');
    await page.context().close();
  });

  it('fits the settings and subdomain screens at 375 px', async () => {
    const page = await adminPage(375);
    await page.goto(at('/subdomain'));
    await page.getByTestId('subdomain-table').waitFor();
    await expectAccessible(page, 'subdomain table 375 px');
    await saveScreenshot(page, 'admin-subdomain-375');
    await page.goto(at('/settings'));
    await page.getByTestId('global-settings-form').waitFor();
    await expectAccessible(page, 'global settings 375 px');
    await saveScreenshot(page, 'admin-global-settings-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
