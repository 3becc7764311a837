import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { users } from '../../functions/src/lib/deps.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createTestAccount, TEST_PASSWORD } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, at, logIn, openPage, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';
import { qrTextsInPdf } from '../../scripts/test/pdf-qr.ts';
import { createPartner, createTourismAccount } from '../../scripts/test/tourism-core-fixtures.ts';

/**
 * Tourism programme (issue 13, 03 §2, §5, §9): a tourism account takes a seller in as partner, generates
 * employee codes for it and downloads the printable cards (PDF with QR codes), and an employee registers
 * with a code on the tourism tenant (`<subdomain>.gutscheinmarkt.localhost`). Also the partner's own
 * /employee-codes and the public /wp/tourism/partners carousel.
 */
const browser = useBrowser();
const port = new URL(webUrl()).port;
const tenantAt = (tenant: string, path: string) => `http://${tenant}.gutscheinmarkt.localhost:${port}${path}`;

async function signedIn(email: string, width = 1280): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, email, TEST_PASSWORD, { expectPath: /\/home$/ });
  return page;
}

async function confirmAndSucceed(page: Page, text: string) {
  const confirm = page.getByRole('button', { name: 'Bestätigen' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  const success = page.getByTestId('message-dialog').filter({ hasText: text });
  await success.waitFor();
  await success.waitFor({ state: 'detached', timeout: 3000 });
}

describe('tourism: partners, employee codes and the employee registration', () => {
  it('a tourism account makes a partner, generates codes, downloads the cards; an employee registers with a code', async () => {
    const tourism = await createTourismAccount();
    const seller = await createPartner(null, { is_partner: false, username: `e2e-huette-${randomUUID().slice(0, 6)}` });
    const page = await signedIn(tourism.email);

    // The tourism menu.
    const nav = page.getByTestId('site-header');
    for (const label of ['Dashboard', 'Mitarbeiter-Gutscheine', 'Partner', 'Mitarbeiter-Codes'])
      expect(await nav.getByRole('link', { name: label }).count(), label).toBeGreaterThan(0);

    // /tourism/sellers: take the seller in as partner and allow codes.
    await page.goto(at('/tourism/sellers'));
    await page.getByTestId('partners-table').waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('partners/all') && r.url().includes('keyword='));
    await page.getByTestId('partners-search').fill(seller.company);
    await answer;
    const row = page.locator(`[data-testid="partner-row"][data-partner-id="${seller.userId}"]`);
    await row.waitFor();
    expect(await page.getByTestId('partner-row').count()).toBe(1);
    await row.getByTestId('partner-toggle').click();
    await confirmAndSucceed(page, 'Der Partnerstatus wurde aktiviert.');
    await row.getByTestId('codes-toggle').click();
    await confirmAndSucceed(page, 'Die Code-Erstellung wurde freigegeben.');
    expect(await row.getByTestId('partner-toggle').getAttribute('aria-checked')).toBe('true');
    expect(await row.getByTestId('codes-toggle').getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'tourism sellers');
    await saveScreenshot(page, 'tourism-sellers');

    // /tourism/employee-codes: 'Codes generieren' waits for a number above 0 and a partner.
    await page.getByRole('link', { name: 'Mitarbeiter-Codes' }).first().click();
    await page.waitForURL(/\/tourism\/employee-codes$/);
    const generateButton = page.getByTestId('employee-codes-generate');
    await page.getByTestId('empty-state').waitFor();
    expect(await generateButton.isDisabled()).toBe(true);
    await page.getByTestId('employee-codes-partner').selectOption(seller.userId);
    await page.getByTestId('employee-codes-count').fill('0');
    expect(await generateButton.isDisabled()).toBe(true);
    await page.getByTestId('employee-codes-count').fill('3');
    expect(await generateButton.isDisabled()).toBe(false);
    await generateButton.click();
    await confirmAndSucceed(page, '3 Codes wurden erstellt.');
    await page.getByTestId('employee-code-row').nth(2).waitFor();
    const codes = await page
      .getByTestId('employee-code-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code') ?? ''));
    expect(codes).toHaveLength(3);
    // The Company column (tourism accounts only).
    expect(await page.getByRole('columnheader', { name: 'Unternehmen' }).count()).toBe(1);
    expect(await page.getByTestId('employee-code-row').first().textContent()).toContain(seller.company);
    await expectAccessible(page, 'tourism employee codes');
    await saveScreenshot(page, 'tourism-employee-codes');

    // Download PDF: printable cards; each QR leads to the registration on the tourism tenant.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('employee-codes-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('mitarbeiter-codes.pdf');
    const pdf = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const qrs = await qrTextsInPdf(pdf);
    expect(qrs.map((q) => q.split('code=')[1]).sort()).toEqual([...codes].sort());
    expect(qrs[0]).toContain(`${tourism.subdomain}.`);

    // Deactivate one code.
    const last = page.locator(`[data-testid="employee-code-row"][data-code="${codes[2]}"]`);
    await last.getByTestId('employee-code-toggle').click();
    await confirmAndSucceed(page, 'Der Code wurde deaktiviert.');
    await last.getByRole('button', { name: `Aktivieren: ${codes[2]}` }).waitFor();
    await page.context().close();

    // The employee opens the card's address on the tourism tenant: the Code field is there and filled.
    const qrUrl = new URL(qrs.find((q) => q.endsWith(codes[0]!))!);
    const employee = await browser().newContext({ viewport: { width: 375, height: 900 }, locale: 'de-DE' });
    const reg = await employee.newPage();
    await reg.goto(tenantAt(tourism.subdomain, `${qrUrl.pathname}${qrUrl.search}`));
    await acceptCookies(reg);
    const codeField = reg.getByTestId('register-code');
    await codeField.waitFor();
    expect(await codeField.inputValue()).toBe(codes[0]);
    await expectAccessible(reg, 'employee registration with code');
    await saveScreenshot(reg, 'tourism-employee-register');

    // A wrong code first: the German message on the field.
    await codeField.fill('ZZZZZZZZ');
    const suffix = randomUUID().slice(0, 6);
    const email = `mitarbeiterin-${suffix}@example.com`;
    await reg.getByLabel('Benutzername', { exact: true }).fill(`mitarbeiterin-${suffix}`);
    await reg.getByLabel('Vorname', { exact: true }).fill('Mia');
    await reg.getByLabel('Nachname', { exact: true }).fill('Muster');
    await reg.getByLabel('E-Mail', { exact: true }).fill(email);
    await reg.getByLabel('Passwort', { exact: true }).fill('Geheim123!');
    await reg.getByLabel('Passwort bestätigen', { exact: true }).fill('Geheim123!');
    await reg.getByTestId('register-buyer-form').locator('input[type="checkbox"]').nth(0).check();
    await reg.getByTestId('register-buyer-form').locator('input[type="checkbox"]').nth(1).check();
    await reg.getByTestId('register-submit').click();
    await reg.getByText('Dieser Code ist ungültig oder wurde bereits verwendet.').first().waitFor();

    await codeField.fill(codes[0]!.toLowerCase());
    await reg.getByTestId('register-submit').click();
    await reg.waitForURL((url) => !url.pathname.startsWith('/register'));
    const userId = await users().ownerOf('email', email);
    expect(userId).toBeDefined();
    expect(await users().get(userId!)).toMatchObject({
      is_employee: true,
      tourism_id: tourism.userId,
      partner_id: seller.userId,
      employee_code: codes[0],
    });
    await employee.close();
  });

  it('a partner with can_generate has its own /employee-codes (no partner select, no Company column)', async () => {
    const tourism = await createTourismAccount();
    const partner = await createPartner(tourism.userId, { can_generate: true });
    const page = await signedIn(partner.email, 767);
    await page.goto(at('/employee-codes'));
    await page.getByTestId('employee-codes').waitFor();
    expect(await page.getByTestId('employee-codes-partner').count()).toBe(0);
    await page.getByTestId('employee-codes-count').fill('2');
    await page.getByTestId('employee-codes-generate').click();
    await confirmAndSucceed(page, '2 Codes wurden erstellt.');
    await page.getByTestId('employee-code-row').nth(1).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Unternehmen' }).count()).toBe(0);
    await expectAccessible(page, 'partner employee codes 767 px');
    await saveScreenshot(page, 'partner-employee-codes-767');

    // A seller outside the programme is not allowed there.
    const seller = await createTestAccount('seller');
    const other = await signedIn(seller.email);
    await other.goto(at('/tourism/employee-codes'));
    await other.waitForURL(/\/error\/not-allowed$/);
    await page.context().close();
    await other.context().close();
  });

  it('shows the tenant’s partners and employee vouchers in the public carousel, with a pause button', async () => {
    const tourism = await createTourismAccount();
    const partner = await createPartner(tourism.userId);
    const now = new Date().toISOString();
    for (const title of ['Kaffee gratis', 'Sauna -20 %', 'Eintritt frei', 'Skiverleih -10 %']) {
      const id = randomUUID();
      await documentClient().send(
        new PutCommand({
          TableName: env().TABLE_NAME,
          Item: {
            PK: `VOUCHER#${id}`,
            SK: 'VOUCHER',
            GSI2PK: `TOURISM#${tourism.userId}#EMPLOYEE_VOUCHERS`,
            GSI2SK: `${now}#${id}`,
            entity: 'Voucher',
            id,
            seller_id: partner.userId,
            tourism_id: tourism.userId,
            title,
            employee_value: '1+1 gratis',
            is_tourism: true,
            is_active: true,
            created_at: now,
          },
        }),
      );
    }
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(tenantAt(tourism.subdomain, '/wp/tourism/partners'));
    await page.getByTestId('carousel-slide').nth(2).waitFor();
    expect(await page.getByTestId('carousel-slide').count()).toBe(3);
    const first = await page.getByTestId('carousel-slide').first().textContent();
    expect(first).toContain(partner.company);
    // Autoplay moves on after 3 s; the pause button stops it.
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="carousel-slide"]')?.textContent !== text,
      first,
      { timeout: 5000 },
    );
    await page.getByTestId('carousel-pause').click();
    expect(await page.getByTestId('carousel-pause').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    const paused = await page.getByTestId('carousel-slide').first().textContent();
    await page.waitForTimeout(3500);
    expect(await page.getByTestId('carousel-slide').first().textContent()).toBe(paused);
    await expectAccessible(page, 'tourism partners carousel');
    await saveScreenshot(page, 'tourism-partners-carousel');
    await context.close();
  });

  it('an admin makes a seller a tourism account on /users; the seller then gets the tourism menu', async () => {
    const suffix = randomUUID().slice(0, 6);
    const seller = await createTestAccount('seller', { username: `e2e-verband-${suffix}` });
    const admin = await openPage(browser(), { width: 1280 });
    await logIn(admin, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    await admin.goto(at('/users'));
    await admin.getByRole('tab', { name: 'Unternehmen' }).click();
    const answer = admin.waitForResponse((r) => r.url().includes('user/user-filter') && r.url().includes(suffix));
    await admin.getByTestId('users-search').fill(`e2e-verband-${suffix}`);
    await answer;
    const row = admin.locator(`[data-testid="users-row"][data-user-id="${seller.userId}"]`);
    await row.getByRole('button', { name: `Tourismus-Konto aktivieren: e2e-verband-${suffix}` }).click();
    await confirmAndSucceed(admin, 'Das Konto ist jetzt ein Tourismus-Konto.');
    expect(await row.getByTestId('users-row-state').textContent()).toContain('Tourismus-Konto');
    await admin.context().close();

    const page = await signedIn(seller.email);
    const nav = page.getByTestId('site-header');
    await nav.getByRole('link', { name: 'Partner' }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Gutschein erstellen' }).count()).toBe(0);
    await page.context().close();
  });
});
