import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation';
import { SELLER_TEXT } from '@gm/shared/auth/seller-registration';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { sentMails } from '../../scripts/test/api.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, drawPng, logIn, openPage, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';

/**
 * Seller activation (02 §1, 03 §2, issue 11): a company registers through the real wizard with its
 * ID photos and sees on its home that the account is being checked; its voucher is nowhere to be
 * found. The admin opens /users → Sellers, opens the seller's ID document through a short-lived link
 * and activates; the voucher then appears in the search, and the activation mail's link shows the
 * 'account verified' dialog on /login (01 §2).
 */
const browser = useBrowser();

const next = (page: Page) => page.getByTestId('wizard-next').click();

async function registerSeller(page: Page, suffix: string) {
  const username = `Prüfhof ${suffix}`;
  const email = `pruefhof-${suffix}@example.com`;
  await page.goto(at('/register/seller'));
  await page.getByTestId('seller-step-account').waitFor();
  await page.getByLabel('Name auf Gutschein', { exact: true }).fill(username);
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Telefonnummer', { exact: true }).fill('+43 512 555 123');
  await page.getByLabel('Region', { exact: true }).selectOption({ label: 'Innsbruck und Umgebung' });
  await page.getByLabel('Passwort', { exact: true }).fill('Geheim123!');
  await page.getByLabel('Passwort bestätigen', { exact: true }).fill('Geheim123!');
  await next(page);

  await page.getByTestId('seller-step-verification').waitFor();
  await page.getByLabel('Vorname', { exact: true }).fill('Lena');
  await page.getByLabel('Nachname', { exact: true }).fill('Gruber');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('1985-09-14');
  const front = await drawPng(page, { width: 900, height: 560, from: '#1d4f55', to: '#e6f0f0', radius: 90 });
  const back = await drawPng(page, { width: 900, height: 560, from: '#ff5563', to: '#ffe9eb', radius: 60 });
  await page.locator('#field-id_front').setInputFiles({ name: 'vorne.png', mimeType: 'image/png', buffer: front });
  await page.locator('#field-id_back').setInputFiles({ name: 'hinten.png', mimeType: 'image/png', buffer: back });
  await page.getByTestId('document-id_front').locator('img').waitFor();
  await page.getByTestId('document-id_back').locator('img').waitFor();
  await next(page);

  await page.getByTestId('seller-step-company').waitFor();
  await page.getByLabel('Firmenname', { exact: true }).fill(`Prüfhof GmbH ${suffix}`);
  await page.getByLabel('Adresse', { exact: true }).fill('Knappenweg 3');
  await page.getByLabel('PLZ', { exact: true }).fill('6130');
  await page.getByLabel('Ort', { exact: true }).fill('Schwaz');
  await next(page);

  await page.getByTestId('seller-step-payout').waitFor();
  await page.getByLabel('IBAN', { exact: true }).fill('AT611904300234573201');
  await page.getByLabel('BIC', { exact: true }).fill('bkauatww');
  await page.getByLabel(/Datenschutzerklärung/).check();
  await page.getByLabel(/AGB/).check();
  await page.getByLabel(/Verkaufsprovision/).check();
  await next(page);

  const dialog = page.getByTestId('message-dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(SELLER_TEXT.registered);
  await page.waitForURL(/\/home$/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('gm.auth') ?? '{}'));
  return { username, email, id: stored.data.id as string, token: stored.token as string };
}

/** A voucher of the seller through the real builder endpoint (the builder UI has its own test). */
async function createVoucher(token: string, title: string): Promise<string> {
  const categories = (await (await fetch(new URL('voucher-category', inject('apiUrl')))).json()) as {
    data: Array<{ id: string; subcategories: Array<{ id: string }> }>;
  };
  const category = categories.data.find((c) => c.subcategories.length > 0)!;
  const answer = await fetch(new URL('voucher', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title,
      description: 'Führung durch das Silberbergwerk',
      long_description: 'Eine Stunde unter Tage, für Familien und Gruppen.',
      type: 'quantity',
      qty_val: 2500,
      min: 1,
      max: 5,
      voucher_category_id: category.id,
      subcategory_id: category.subcategories[0]!.id,
      target: 'Alle',
      season: 'Immer',
      tax: [{ tax: 20 }],
      validity_reason: 'Saisonal kalkuliert',
    }),
  });
  const body = (await answer.json()) as { id: string };
  expect(answer.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

async function searchIds(keyword: string): Promise<string[]> {
  const answer = await fetch(new URL('voucher/search', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword, paginate: 9 }),
  });
  return ((await answer.json()) as { data: Array<{ id: string }> }).data.map((v) => v.id);
}

describe('seller activation', () => {
  it('a new seller waits for the check; the admin opens a document and activates; the voucher is then found', async () => {
    const suffix = randomUUID().slice(0, 8);
    const since = Math.floor(Date.now() / 1000) - 1;
    const sellerPage = await openPage(browser(), { width: 1280 });
    const seller = await registerSeller(sellerPage, suffix);

    // The home explains the check; the registration mail says the same.
    const notice = sellerPage.getByTestId('activation-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('innerhalb von 24 Stunden');
    await saveScreenshot(sellerPage, 'admin-activation-1-seller-notice-desktop');
    await expectAccessible(sellerPage, 'seller home while not activated');
    expect(
      (await sentMails(since)).some(
        (m) => m.destination.to.includes(seller.email) && (m.body.text ?? '').includes('innerhalb von 24 Stunden'),
      ),
    ).toBe(true);

    // A draft is allowed, but nobody finds it yet.
    const title = `Silberstollen ${suffix}`;
    const voucherId = await createVoucher(seller.token, title);
    expect(await searchIds(title)).toEqual([]);

    // The admin: /users → Sellers → the seller → its document → activate.
    const admin = await openPage(browser(), { width: 1280 });
    await logIn(admin, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    await admin.goto(at('/users'));
    await admin.getByTestId('users-table').waitFor();
    await admin.getByRole('tab', { name: 'Unternehmen' }).click();
    const listed = admin.waitForResponse((r) => r.url().includes('user/user-filter') && r.url().includes(suffix));
    await admin.getByTestId('users-search').fill(seller.username);
    await listed;
    const row = admin.locator(`[data-testid="users-row"][data-user-id="${seller.id}"]`);
    await row.getByTestId(`seller-activate-${seller.id}`).click();
    const dialog = admin.getByTestId('seller-activation-dialog');
    await dialog.getByTestId('verification-first-name').waitFor();
    expect(await dialog.textContent()).toContain('Gruber');
    expect(await dialog.textContent()).toContain('14.09.1985');

    const link = admin.waitForResponse((r) => r.url().includes('/verification-document'));
    await dialog.getByTestId('verification-document-front').click();
    const answer = await link;
    expect(answer.headers()['cache-control']).toBe('no-store');
    const { url, expires_in } = (await answer.json()) as { url: string; expires_in: number };
    expect(expires_in).toBeLessThanOrEqual(60);
    expect(url).not.toContain(new URL(webUrl()).host);
    const image = dialog.getByTestId('verification-document-preview').locator('img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(admin, 'admin-activation-2-dialog-desktop');
    await expectAccessible(admin, 'seller activation dialog');

    await dialog.getByTestId('seller-activation-submit').click();
    const success = admin.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
    await success.waitFor();
    expect(await success.textContent()).toContain(ACTIVATION_TEXT.activated);
    await success.getByRole('button', { name: 'OK' }).click();
    await row.getByTestId(`seller-activated-${seller.id}`).waitFor();

    // The voucher is found now, in the API and on the search page.
    expect(await searchIds(title)).toEqual([voucherId]);
    const guest = await openPage(browser(), { width: 1280 });
    await guest.goto(at(`/vouchers/search?keyword=${encodeURIComponent(title)}`));
    await guest.locator(`[data-testid="voucher-card"][data-voucher-id="${voucherId}"]`).first().waitFor();

    // The seller's home no longer shows the notice once the session user is refreshed (on load: the stored
    // user may paint first, so wait for the refresh rather than read the first frame).
    await sellerPage.reload();
    await sellerPage.getByTestId('seller-dashboard').waitFor();
    await expect.poll(() => sellerPage.getByTestId('activation-notice').count()).toBe(0);

    // The activation mail links to /login?status=verified, which shows the spec's success dialog.
    const mail = (await sentMails(since)).find(
      (m) => m.destination.to.includes(seller.email) && (m.body.text ?? '').includes('/login?status=verified'),
    );
    expect(mail).toBeDefined();
    const mailed = new URL(/https?:\/\/\S+\/login\?status=verified/.exec(mail!.body.text ?? '')![0]);
    await guest.goto(at(`${mailed.pathname}${mailed.search}`));
    const verified = guest.getByTestId('message-dialog');
    await verified.waitFor();
    expect(await verified.textContent()).toContain(ACTIVATION_TEXT.verifiedDialogTitle);
    expect(await verified.textContent()).toContain(ACTIVATION_TEXT.verifiedDialogText);
    await saveScreenshot(guest, 'admin-activation-3-login-verified-desktop');
    await expectAccessible(guest, 'login with verified dialog');

    for (const page of [sellerPage, admin, guest]) await page.close();
  });

  it('the activation dialog fits 767 px and refuses a seller without documents', async () => {
    const suffix = randomUUID().slice(0, 8);
    const seller = await createTestAccount('seller', { is_activated: false, username: `e2e-ohne-${suffix}` });
    const admin = await openPage(browser(), { width: 767 });
    await logIn(admin, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    await admin.goto(at('/users'));
    await admin.getByTestId('users-table').waitFor();
    await admin.getByRole('tab', { name: 'Unternehmen' }).click();
    const listed = admin.waitForResponse((r) => r.url().includes('user/user-filter') && r.url().includes(suffix));
    await admin.getByTestId('users-search').fill(`e2e-ohne-${suffix}`);
    await listed;
    await admin.getByTestId(`seller-activate-${seller.userId}`).click();
    const dialog = admin.getByTestId('seller-activation-dialog');
    await dialog.getByTestId('seller-activation-missing').waitFor();
    expect(await dialog.getByTestId('seller-activation-submit').isDisabled()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(767);
    await saveScreenshot(admin, 'admin-activation-4-dialog-767');
    await expectAccessible(admin, 'seller activation dialog 767');
    await admin.close();
  });
});
