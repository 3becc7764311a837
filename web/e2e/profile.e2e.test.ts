import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../../functions/src/lib/deps.ts';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Profile tabs (01 §2, 02 §2): a buyer edits the names ('Info aktualisiert.', then /home), the leave
 * prompt guards unsaved changes, the password changes and the new one logs in; a seller renames the company.
 */
const browser = useBrowser();
const AFTER_LOGIN = /\/(home|wallet)$/;

async function expectSaved(page: Page, text: string) {
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByText(text).waitFor();
  expect(await dialog.getByRole('heading').textContent()).toBe('Erfolgreich!');
  // Closes after 1 s and goes home (01 §9).
  await page.waitForURL(/\/home$/);
}

describe('profile', () => {
  it('a buyer edits the names, meets the leave prompt, changes the password and logs in with the new one', async () => {
    const buyer = await createTestAccount('user', { first_name: 'Erika', last_name: 'Probe' });
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, buyer.email, buyer.password, { expectPath: AFTER_LOGIN });

    await page.goto(at('/profile-info'));
    const username = page.getByLabel('Benutzername', { exact: true });
    await username.waitFor();
    expect(await username.isDisabled()).toBe(true);
    expect(await page.getByLabel('Vorname', { exact: true }).inputValue()).toBe('Erika');
    await expectAccessible(page, 'buyer profile-info (Profil)');
    await page.getByLabel('Vorname', { exact: true }).fill('Erika Maria');
    await page.getByLabel('Nachname', { exact: true }).fill('Musterfrau');
    await page.getByLabel('Zusätzliche E-Mail für Bestellungen', { exact: true }).fill('kein-mail');
    await page.getByTestId('profile-submit').click();
    await page.getByText('Diese Emailadresse ist ungültig.').waitFor();
    await page.getByLabel('Zusätzliche E-Mail für Bestellungen', { exact: true }).fill('rechnung@example.com');
    await saveScreenshot(page, 'profile-buyer-desktop');
    await page.getByTestId('profile-submit').click();
    await expectSaved(page, 'Info aktualisiert.');
    const stored = await users().get(buyer.userId);
    expect(stored).toMatchObject({
      first_name: 'Erika Maria',
      last_name: 'Musterfrau',
      order_email: 'rechnung@example.com',
      version: 1,
    });

    // Unsaved changes: leaving asks first; Verwerfen leaves without saving.
    await page.goto(at('/profile-info'));
    await page.getByLabel('Vorname', { exact: true }).fill('Nicht gespeichert');
    await page.getByRole('navigation', { name: 'Profilbereiche' }).getByRole('link', { name: 'Passwort' }).click();
    const leave = page.getByTestId('leave-dialog');
    await leave.getByText('Möchten Sie Änderungen speichern?').waitFor();
    await leave.getByRole('button', { name: 'Verwerfen' }).click();
    await page.waitForURL(/\/profile-settings$/);
    expect((await users().get(buyer.userId))?.first_name).toBe('Erika Maria');

    // The password tab: a wrong current password is refused next to the field.
    await page.getByTestId('password-form').waitFor();
    await expectAccessible(page, 'profile-settings (Passwort)');
    await page.getByLabel('Aktuelles Passwort', { exact: true }).fill('Falsch1234');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Frisch1234!');
    await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill('Frisch1234!');
    await page.getByTestId('password-submit').click();
    await page.getByText('Das aktuelle Passwort ist falsch.').waitFor();
    await page.getByLabel('Aktuelles Passwort', { exact: true }).fill(buyer.password);
    await page.getByTestId('password-submit').click();
    await expectSaved(page, 'Dein Passwort wurde geändert.');

    // Ausloggen in the tab strip signs out and goes to /login.
    await page.goto(at('/profile-settings'));
    await page.getByRole('navigation', { name: 'Profilbereiche' }).getByRole('button', { name: 'Ausloggen' }).click();
    await page.waitForURL(/\/login$/);
    await logIn(page, buyer.email, buyer.password);
    await page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.').waitFor();
    await logIn(page, buyer.email, 'Frisch1234!', { expectPath: AFTER_LOGIN });

    const mobile = await openPage(browser(), { width: 375 });
    await logIn(mobile, buyer.email, 'Frisch1234!', { expectPath: AFTER_LOGIN });
    await mobile.goto(at('/profile-info'));
    await mobile.getByLabel('Vorname', { exact: true }).waitFor();
    await saveScreenshot(mobile, 'profile-buyer-mobile');
    await mobile.context().close();
    await page.context().close();
  });

  it('a seller renames the company and sees the verification tab', async () => {
    const seller = await createTestAccount('seller', { phone_number: '+43512123456', region_id: 2 });
    const now = new Date().toISOString();
    await companies().put({
      id: randomUUID(),
      seller_id: seller.userId,
      name: 'Alpenhof GmbH',
      description: 'Wellness in den Bergen.',
      url: null,
      logo: null,
      header_logo: null,
      region_id: 2,
      vat_number: null,
      background_color: null,
      text_color: null,
      header_1: null,
      header_2: null,
      is_header_show: false,
      created_at: now,
      updated_at: now,
    });
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, seller.email, seller.password, { expectPath: /\/home$/ });
    await page.goto(at('/profile-info'));
    const name = page.getByLabel('Firmenname', { exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Alpenhof GmbH');
    await expectAccessible(page, 'seller profile-info (Profil)');
    expect(await page.getByLabel('Name auf Gutschein', { exact: true }).isDisabled()).toBe(true);
    await name.fill('Bergblick Hotel GmbH');
    await saveScreenshot(page, 'profile-seller-desktop');
    await page.getByTestId('profile-submit').click();
    await expectSaved(page, 'Info aktualisiert.');
    expect((await companies().getBySeller(seller.userId))?.name).toBe('Bergblick Hotel GmbH');

    // Leaving with unsaved changes and choosing Speichern saves first, then goes on.
    await page.goto(at('/profile-info'));
    await page.getByLabel('Beschreibung', { exact: true }).fill('Ruhe und Aussicht.');
    await page.getByRole('navigation', { name: 'Profilbereiche' }).getByRole('link', { name: 'Passwort' }).click();
    await page.getByTestId('leave-dialog').getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/profile-settings$/);
    await expect
      .poll(async () => (await companies().getBySeller(seller.userId))?.description)
      .toBe('Ruhe und Aussicht.');

    await page.goto(at('/profile-info?currentTab=2'));
    await page.getByTestId('verification-form').waitFor();
    const active = page.getByRole('navigation', { name: 'Profilbereiche' }).locator('[aria-current="page"]');
    expect(await active.textContent()).toBe('Verifizierung');
    await expectAccessible(page, 'seller profile-info (Verifizierung)');
    await saveScreenshot(page, 'profile-seller-verification');

    const mobile = await openPage(browser(), { width: 375 });
    await logIn(mobile, seller.email, seller.password, { expectPath: /\/home$/ });
    await mobile.goto(at('/profile-info'));
    await mobile.getByLabel('Firmenname', { exact: true }).waitFor();
    await saveScreenshot(mobile, 'profile-seller-mobile');
    await mobile.context().close();
    await page.context().close();
  });
});
