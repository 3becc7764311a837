import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_VOUCHER_TEXT } from '@gm/shared/tourism/employee-vouchers';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, logIn, openPage, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';
import {
  createEmployee,
  createPartner,
  createTourismAccount,
  putEmployeeVoucher,
  type Employee,
  type TourismAccount,
} from '../../scripts/test/tourism-fixtures.ts';

/**
 * The employee wallet on a tourism tenant (issue 13; 01 §1–§2, 03 §8): an employee signs in on the
 * tourism account's subdomain, sees the grid of employee vouchers, /cart leads to /wallet, and
 * redeems one with 'Jetzt selbst einlösen'. Locally a tenant host is `<sub>.gutscheinmarkt.localhost`.
 */
const browser = useBrowser();
const port = new URL(webUrl()).port;

let tourism: TourismAccount;
let employee: Employee;
let voucher: Awaited<ReturnType<typeof putEmployeeVoucher>>;
let other: Awaited<ReturnType<typeof putEmployeeVoucher>>;

const tenantAt = (path: string) => `http://${tourism.subdomain}.gutscheinmarkt.localhost:${port}${path}`;

beforeAll(async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  tourism = await createTourismAccount({ subdomain: `tour${suffix}` });
  const partner = await createPartner(tourism.userId);
  employee = await createEmployee(tourism.userId, partner.userId);
  voucher = await putEmployeeVoucher(partner, { title: 'Team-Frühstück', employee_value: '1+1 gratis' });
  // Another tourism account's employee voucher is never in this wallet.
  const foreignTourism = await createTourismAccount();
  const foreignPartner = await createPartner(foreignTourism.userId);
  other = await putEmployeeVoucher(foreignPartner, { title: 'Fremdes Angebot' });
});

async function signIn(width: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(tenantAt('/login'));
  await acceptCookies(page);
  await page.getByLabel('E-Mail', { exact: true }).fill(employee.email);
  await page.getByLabel('Passwort', { exact: true }).fill(employee.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/wallet$/);
  return page;
}

describe('employee wallet on the tourism tenant', () => {
  it.each([1280, 375])('shows the grid of employee vouchers without cart or wish list at %i px', async (width) => {
    const page = await signIn(width);
    const grid = page.getByTestId('employee-wallet-grid');
    await grid.waitFor();
    const titles = await grid.locator('.employee-card__title').allTextContents();
    expect(titles).toContain('Team-Frühstück');
    expect(titles).not.toContain(other.title);
    const card = grid.getByTestId('employee-voucher-card').filter({ hasText: 'Team-Frühstück' });
    expect(await card.textContent()).toContain('1+1 gratis');
    // The category carousel starts with 'Alle'.
    expect(await page.getByTestId('employee-wallet-category').first().textContent()).toBe(EMPLOYEE_VOUCHER_TEXT.all);
    // Employees see neither cart nor wish list (03 §9).
    expect(await page.getByTestId('cart-link').count()).toBe(0);
    expect(await page.getByTestId('wishlist-link').count()).toBe(0);
    await expectAccessible(page, `employee wallet ${width} px`);
    await saveScreenshot(page, `employee-wallet-${width}`);

    // /cart (and /home) lead to the wallet on the tourism tenant.
    await page.goto(tenantAt('/cart'));
    await page.waitForURL(/\/wallet$/);
    await page.getByTestId('employee-wallet-grid').waitFor();
    await page.context().close();
  });

  it('redeems an employee voucher with "Jetzt selbst einlösen" and returns to the wallet', async () => {
    const page = await signIn(1280);
    await page
      .getByTestId('employee-wallet-grid')
      .getByTestId('employee-voucher-card')
      .filter({ hasText: 'Team-Frühstück' })
      .click();
    await page.waitForURL(new RegExp(`/wallet/voucher/[^/]+/${voucher.id}$`));
    await page.getByTestId('employee-voucher-detail').waitFor();

    // 'Gutschein einlösen' shows the claim QR: employee claim number + the employee's claim number.
    await page.getByRole('button', { name: EMPLOYEE_VOUCHER_TEXT.redeemButton }).click();
    const qr = page.getByTestId('employee-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('data-qr-value')).toMatch(
      new RegExp(`/e/${voucher.employee_claim_no}/${employee.claimNo}$`),
    );
    await expectAccessible(page, 'employee voucher claim view');
    await saveScreenshot(page, 'employee-voucher-claim');

    await page.getByRole('button', { name: EMPLOYEE_VOUCHER_TEXT.selfRedeemButton }).click();
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText(EMPLOYEE_VOUCHER_TEXT.redeemed).waitFor();
    await expectAccessible(page, 'employee voucher redeemed');
    // Back to /wallet after 3 s; the card now says it was redeemed.
    await page.waitForURL(/\/wallet$/, { timeout: 6000 });
    const card = page
      .getByTestId('employee-wallet-grid')
      .getByTestId('employee-voucher-card')
      .filter({ hasText: 'Team-Frühstück' });
    await card.getByText('Eingelöst').waitFor();
    await page.context().close();
  });

  it('lets the tourism account edit the value and deactivate an employee voucher on /tourism/employee-vouchers', async () => {
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, tourism.email, tourism.password, { expectPath: /\/home$/ });
    await page.goto(page.url().replace(/\/home$/, '/tourism/employee-vouchers'));
    const row = page.getByTestId('employee-voucher-row').filter({ hasText: 'Team-Frühstück' });
    await row.waitFor();
    expect(await page.getByTestId('employee-voucher-row').filter({ hasText: other.title }).count()).toBe(0);
    await expectAccessible(page, 'tourism employee vouchers');
    await saveScreenshot(page, 'tourism-employee-vouchers');

    await row.getByTestId('employee-value-input').fill('2 für 1');
    await row.getByTestId('employee-value-save').click();
    await page.getByText(EMPLOYEE_VOUCHER_TEXT.valueSaved).waitFor();
    await row.getByTestId('employee-voucher-toggle').click();
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await row.getByText('inaktiv').waitFor();
    // The success dialog closes on its own after 1 s.
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 5000 });
    expect(await row.getByTestId('employee-voucher-toggle').textContent()).toBe('Aktivieren');
    await page.setViewportSize({ width: 375, height: 900 });
    await saveScreenshot(page, 'tourism-employee-vouchers-375');
    await page.context().close();
  });
});
