import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, RESULTS_DIR, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, drawPng, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * The seller's voucher journey (02 §2): create a value voucher with a cropped background image, find it in
 * 'Meine Gutscheine', deactivate and re-activate it, edit its title (leaving with unsaved changes saves
 * first), look at its statistics and delete it there.
 */
const browser = useBrowser();

async function sellerPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width, height: width > 500 ? 900 : 844, path: '/login' });
  await logIn(page, 'seller@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

/** A 1200 × 900 PNG drawn in the page (a gradient with a circle), as a photo from disk would arrive. */
const makePng = (page: Page) =>
  drawPng(page, { width: 1200, height: 900, from: '#ff5563', to: '#1d4f55', radius: 220 });

/** The message dialog of the given kind, waited for. */
async function dialogWith(page: Page, text: string | RegExp): Promise<Locator> {
  const dialog = page.getByTestId('message-dialog').filter({ hasText: text });
  await dialog.waitFor();
  return dialog;
}

/**
 * Before axe on a phone: back at the top (the sticky header then covers no control it would count as
 * obscured) and CSS transitions over (a chip just ticked fades to its colours), so axe sees the end state.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

const cardOf = (page: Page, title: string) => page.getByTestId('seller-voucher').filter({ hasText: title });

describe('seller vouchers', () => {
  const suffix = randomUUID().slice(0, 6);
  const title = `E2E Bergsauna ${suffix}`;
  const editedTitle = `E2E Talsauna ${suffix}`;

  it('creates, lists, deactivates, re-activates, edits and deletes a value voucher', async () => {
    const page = await sellerPage(1280);

    // The seller menu leads to the builder.
    await page.getByRole('link', { name: 'Gutschein erstellen' }).first().click();
    await page.waitForURL(/\/vouchers\/new$/);
    await page.getByRole('heading', { name: 'Deinen Gutschein erstellen' }).waitFor();
    await expectAccessible(page, 'voucher builder, 1. Gestaltung');

    // 1. Gestaltung: texts with live counters and preview, background image through the cropper.
    await page.getByLabel('Titel', { exact: true }).fill(title);
    expect(await page.getByTestId('counter-title').textContent()).toContain(`${title.length} / 30`);
    await page.getByLabel('Kurzbeschreibung', { exact: true }).fill('Sauna mit Blick auf die Berge');
    await page
      .getByLabel('Lange Beschreibung', { exact: true })
      .fill('Ein Tag in unserer Bergsauna mit Ruheraum, Tee und Obst.');
    const preview = page.getByTestId('builder-preview');
    await expect(preview.getByRole('heading', { name: title }).textContent()).resolves.toBe(title);

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('background-pick').click();
    await (await chooser).setFiles({ name: 'bergsauna.png', mimeType: 'image/png', buffer: await makePng(page) });
    const canvas = page.getByTestId('crop-canvas');
    await page.getByRole('slider', { name: 'Zoom' }).waitFor();
    await expect.poll(() => canvas.getAttribute('aria-label')).toContain('Zoom 100 %');
    await canvas.focus();
    await canvas.press('+');
    await canvas.press('ArrowLeft');
    await expect.poll(() => canvas.getAttribute('aria-label')).toContain('Zoom 110 %');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await page.getByTestId('crop-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => preview.locator('img.voucher-card__image').getAttribute('src')).toMatch(/^blob:/);

    // A save with open fields lists them and opens the tab of the first one.
    await page.getByRole('button', { name: 'Speichern' }).click();
    const summary = page.getByTestId('form-error-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Dieses Feld muss ausgefüllt werden!');
    expect(await summary.textContent()).toContain('Kategorie');
    await expect(page.getByRole('tab', { name: /2\. Einstellungen/ }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    await saveScreenshot(page, 'seller-vouchers-builder-errors-desktop');

    // 2. Einstellungen
    await page.getByLabel('Kategorie', { exact: true }).selectOption({ index: 1 });
    const subcategory = page.getByLabel('Unterkategorie', { exact: true });
    if (await subcategory.count()) await subcategory.selectOption({ index: 1 });
    await page.getByRole('radio', { name: 'Paare' }).check();
    await page.getByRole('radio', { name: 'Immer' }).check();
    expect(await page.getByTestId('validity-law').textContent()).toContain('OGH 7 Ob 22/12d');
    await page
      .getByLabel('Grund für die Befristung', { exact: true })
      .fill('Die Preise sind für die laufende Saison kalkuliert.');
    // The limit switch keeps the weekday choice while it is off.
    const limit = page.getByRole('switch', { name: 'Einlösbarkeit einschränken' });
    await limit.check();
    await page.getByRole('checkbox', { name: 'So', exact: true }).uncheck();
    // A date range row: both inputs are reachable by their labels; removed again, it leaves nothing behind.
    await page.getByRole('button', { name: 'Zeitraum hinzufügen' }).click();
    await page.getByLabel('Von', { exact: true }).fill('2027-01-01');
    await page.getByLabel('Bis', { exact: true }).fill('2027-03-31');
    expect(await page.getByLabel('Bis', { exact: true }).getAttribute('min')).toBe('2027-01-01');
    await page
      .getByTestId('validity-choices')
      .screenshot({ path: join(RESULTS_DIR, 'seller-vouchers-date-ranges-desktop.png') });
    await page.getByRole('button', { name: 'Zeitraum 1 entfernen' }).click();
    await expect(page.getByLabel('Von', { exact: true }).count()).resolves.toBe(0);
    await limit.uncheck();
    await limit.check();
    await expect(page.getByRole('checkbox', { name: 'So', exact: true }).isChecked()).resolves.toBe(false);
    await limit.uncheck();

    // 3. Preis & MwSt. through the next button: a value voucher from 25 to 200 euros, 20 % VAT.
    await page.getByRole('button', { name: /Weiter zu 3\. Preis/ }).click();
    await page.getByRole('radio', { name: /Wertgutschein/ }).check();
    await page.getByLabel('Mindestwert (€)', { exact: true }).fill('25');
    await page.getByLabel('Höchstwert (€)', { exact: true }).fill('200');
    await page.getByRole('checkbox', { name: '20 %' }).check();
    expect(await preview.getByTestId('voucher-price').textContent()).toMatch(/25,00\s€\s–\s200,00\s€/);
    await saveScreenshot(page, 'seller-vouchers-builder-desktop');

    await page.getByRole('button', { name: 'Speichern' }).click();
    await dialogWith(page, 'Erfolgreich!');
    await page.waitForURL(/\/vouchers$/);

    // 'Meine Gutscheine': the new voucher with its published background image.
    const card = cardOf(page, title);
    await card.waitFor();
    expect(await card.getAttribute('data-active')).toBe('true');
    const image = card.locator('img.voucher-card__image');
    expect(await image.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(730);
    await expectAccessible(page, 'Meine Gutscheine');
    await saveScreenshot(page, 'seller-vouchers-list-desktop');

    // Deactivate, then activate again, each after its confirmation.
    await card.getByRole('button', { name: `Aktionen für „${title}“ anzeigen` }).click();
    await card.getByRole('button', { name: 'Deaktivieren' }).click();
    const confirmOff = await dialogWith(page, 'Bist du sicher, dass du diesen Gutschein deaktivieren willst?');
    await saveScreenshot(page, 'seller-vouchers-confirm-desktop');
    await confirmOff.getByRole('button', { name: 'Deaktivieren' }).click();
    await dialogWith(page, 'Erfolgreich!');
    await expect.poll(() => card.getAttribute('data-active')).toBe('false');
    await card.getByTestId('inactive-badge').waitFor({ state: 'attached' });
    await card.getByRole('button', { name: 'Aktivieren', exact: true }).click();
    const confirmOn = await dialogWith(page, 'Bist du sicher, dass du diesen Gutschein aktivieren willst?');
    await confirmOn.getByRole('button', { name: 'Aktivieren' }).click();
    await dialogWith(page, 'Erfolgreich!');
    await expect.poll(() => card.getAttribute('data-active')).toBe('true');
    await saveScreenshot(page, 'seller-vouchers-flipped-desktop');

    // Edit: the form comes back filled (cents as euros); leaving with a changed title asks and saves first.
    await card.getByRole('link', { name: 'Bearbeiten' }).click();
    await page.waitForURL(/\/vouchers\/update\//);
    await page.getByTestId('voucher-id-info').waitFor();
    const titleInput = page.getByLabel('Titel', { exact: true });
    await expect.poll(() => titleInput.inputValue()).toBe(title);
    await page.getByRole('tab', { name: /3\. Preis/ }).click();
    await expect(page.getByLabel('Mindestwert (€)', { exact: true }).inputValue()).resolves.toBe('25');
    await page.getByRole('tab', { name: /1\. Gestaltung/ }).click();
    await titleInput.fill(editedTitle);
    await page.getByRole('link', { name: 'Meine Gutscheine' }).first().click();
    const leave = page.getByTestId('leave-dialog');
    await leave.waitFor();
    expect(await leave.textContent()).toContain('Möchten Sie Änderungen speichern?');
    await leave.getByRole('button', { name: 'Speichern' }).click();
    await dialogWith(page, 'Erfolgreich!');
    await page.waitForURL(/\/vouchers$/);
    const edited = cardOf(page, editedTitle);
    await edited.waitFor();

    // Statistics, then delete there: back to the list after 2 s, the voucher is gone.
    await edited.getByRole('button', { name: /Aktionen für/ }).click();
    await edited.getByRole('link', { name: 'Statistik' }).click();
    await page.waitForURL(/\/vouchers\/statistic\//);
    await page.getByRole('heading', { name: 'Statistik' }).waitFor();
    expect(await page.getByTestId('stat-sold').textContent()).toBe('0');
    expect((await page.getByTestId('stat-gross').textContent())?.replace(/\s/g, ' ')).toContain('0,00 €');
    await expectAccessible(page, 'voucher statistics');
    await saveScreenshot(page, 'seller-vouchers-statistic-desktop');
    await page.getByRole('button', { name: 'Gutschein löschen' }).click();
    const confirmDelete = await dialogWith(page, 'Bist du sicher, dass du diesen Gutschein löschen möchtest?');
    await confirmDelete.getByRole('button', { name: 'Löschen' }).click();
    await dialogWith(page, 'Erfolgreich!');
    await page.waitForURL(/\/vouchers$/, { timeout: 5000 });
    await expect.poll(() => cardOf(page, editedTitle).count()).toBe(0);
    await page.context().close();
  });

  it('lays the pages out for a 390 px phone', async () => {
    const page = await sellerPage(390);
    await page.goto(at('/vouchers'));
    await page.getByTestId('seller-voucher').first().waitFor();
    expect(await page.getByTestId('seller-voucher').count()).toBeLessThanOrEqual(9);
    await saveScreenshot(page, 'seller-vouchers-list-mobile');
    const first = page.getByTestId('seller-voucher').first();
    await first.getByRole('button', { name: /Aktionen für/ }).click();
    await first.getByRole('link', { name: 'Bearbeiten' }).waitFor();
    await saveScreenshot(page, 'seller-vouchers-flipped-mobile');

    await page.goto(at('/vouchers/new'));
    await page.getByRole('heading', { name: 'Deinen Gutschein erstellen' }).waitFor();
    await saveScreenshot(page, 'seller-vouchers-builder-mobile');
    await expectAccessible(page, 'voucher builder, 1. Gestaltung (phone)');
    await page.getByRole('button', { name: /Weiter zu 2\./ }).click();
    await saveScreenshot(page, 'seller-vouchers-builder-settings-mobile');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('switch', { name: 'Einlösbarkeit einschränken' }).check();
    await page.getByRole('button', { name: 'Zeitraum hinzufügen' }).click();
    await settled(page);
    await expectAccessible(page, 'voucher builder, 2. Einstellungen (phone, validity limited)');
    await page.getByRole('button', { name: /Weiter zu 3\./ }).click();
    await page.getByRole('radio', { name: /Wertgutschein/ }).check();
    await page.getByRole('checkbox', { name: '10 %' }).check();
    await page.getByRole('checkbox', { name: '20 %' }).check();
    await settled(page);
    await expectAccessible(page, 'voucher builder, 3. Preis & MwSt. (phone, two tax rates)');
    await page.context().close();
  });
});
