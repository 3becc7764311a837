import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ADMIN_TEXT } from '@gm/shared/catalogue-admin/contracts';
import { cspViolations, expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, drawPng, logIn, openPage, useBrowser, webUrl } from '../../scripts/test/e2e-session.ts';

/** The admin manages the catalogue: a category with a cropped image, a sub-category, a sponsored voucher (03 §2). */
const browser = useBrowser();
const suffix = randomUUID().slice(0, 6);
const categoryName = `E2E Kategorie ${suffix}`;

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

/** An 800 × 500 PNG drawn by the browser itself, so the cropper gets a real image to decode. */
async function pngFile(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return {
    name: 'kategorie.png',
    mimeType: 'image/png',
    buffer: await drawPng(page, { width: 800, height: 500, from: '#1d4f55', to: '#ff5563', radius: 120 }),
  };
}

/** Waits until a dialog's opening animation has finished (axe measures contrast on what is painted). */
async function settled(dialog: Locator) {
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

async function confirmDialog(page: Page) {
  const dialog = page.getByTestId('message-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
}

async function successDialog(page: Page) {
  const dialog = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
  await dialog.waitFor();
  await dialog.waitFor({ state: 'detached', timeout: 3000 });
}

describe('catalogue admin', () => {
  it('creates a category with a cropped image and a sub-category, then deletes them', async () => {
    const page = await adminPage(1280);
    await page.getByTestId('role-home').waitFor();
    await expectAccessible(page, 'admin home');
    // The admin menu's 'Verwalten' entry leads there.
    const header = page.getByTestId('site-header');
    const categoriesLink = header.getByRole('link', { name: 'Kategorien', exact: true });
    // The dropdown closes on every route change; right after login a late redirect can close it again.
    await expect
      .poll(
        async () => {
          if (!(await categoriesLink.isVisible())) await header.getByRole('button', { name: 'Verwalten' }).click();
          await categoriesLink.click({ timeout: 2000 }).catch(() => undefined);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000 },
      )
      .toBe('/category');
    await page.getByTestId('category-table').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kategorien verwalten');
    await saveScreenshot(page, 'admin-categories-desktop');
    await expectAccessible(page, 'admin categories');

    await page.getByTestId('add-category').click();
    const modal = page.getByTestId('category-modal');
    await modal.waitFor();
    await modal.getByTestId('form-modal-submit').click();
    expect(await modal.getByTestId('form-error-summary').textContent()).toContain(
      'Dieses Feld muss ausgefüllt werden!',
    );
    expect(await modal.locator('#field-name').getAttribute('aria-invalid')).toBe('true');
    await settled(modal);
    await expectAccessible(page, 'admin category modal');
    // Escape closes the dialog; focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-category');
    await page.getByTestId('add-category').click();
    await modal.waitFor();

    await modal.getByLabel('Name', { exact: true }).fill(categoryName);
    await modal.getByTestId('image_upload_id-input').setInputFiles(await pngFile(page));
    const crop = page.getByTestId('crop-dialog');
    await crop.waitFor();
    await page.waitForFunction(() => !document.querySelector('.crop-dialog__loading'));
    await saveScreenshot(page, 'admin-category-crop');
    await crop.getByRole('button', { name: 'Übernehmen' }).click();
    await crop.waitFor({ state: 'detached' });
    await modal.getByTestId('image_upload_id-preview').waitFor();
    await saveScreenshot(page, 'admin-category-modal');
    // The image goes to the bucket as a presigned form POST (issue 14), allowed by the page's CSP.
    const upload = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/gm-private\/?$/.test(response.url()),
    );
    await modal.getByTestId('form-modal-submit').click();
    const posted = await upload;
    expect(posted.status()).toBe(204);
    expect(await posted.request().headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    await successDialog(page);
    expect(await cspViolations(page)).toEqual([]);

    const row = page.getByTestId('category-row').filter({ hasText: categoryName });
    await row.waitFor();
    const image = row.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(300);
    expect(await image.getAttribute('src')).toMatch(/^\/media\/categories\/[^/]+\/[\w-]+\.jpg$/);

    await page.goto(at('/sub-category'));
    await page.getByTestId('subcategory-table').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Unterkategorien verwalten');
    await expectAccessible(page, 'admin sub-categories');
    await page.getByTestId('add-subcategory').click();
    const subModal = page.getByTestId('subcategory-modal');
    await subModal.getByLabel('Kategorie', { exact: true }).selectOption({ label: categoryName });
    await subModal.getByLabel('Name', { exact: true }).fill('Schnupperkurs');
    await subModal.getByTestId('form-modal-submit').click();
    await successDialog(page);
    const subRow = page.getByTestId('subcategory-row').filter({ hasText: 'Schnupperkurs' });
    await subRow.waitFor();
    expect(await subRow.textContent()).toContain(categoryName);
    await saveScreenshot(page, 'admin-subcategories-desktop');

    // The new category is public: it is in the category list the shop reads.
    const categories = (await (await fetch(new URL('/api/v1/voucher-category', webUrl()))).json()) as {
      data: { name: string; subcategories: { name: string }[] }[];
    };
    expect(categories.data.find((c) => c.name === categoryName)?.subcategories.map((s) => s.name)).toEqual([
      'Schnupperkurs',
    ]);

    await page.goto(at('/category'));
    await page.getByTestId('category-row').filter({ hasText: categoryName }).getByTestId('row-delete').click();
    await confirmDialog(page);
    await successDialog(page);
    await page.getByTestId('category-row').filter({ hasText: categoryName }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('sponsors a voucher after confirmation and takes it back', async () => {
    const page = await adminPage(1280);
    await page.goto(at('/featured-vouchers'));
    await page.getByTestId('featured-table').waitFor();
    await expectAccessible(page, 'admin featured vouchers');
    await page.getByTestId('featured-search').fill('Saunatag');
    const row = page.getByTestId('featured-row').filter({ hasText: 'Saunatag mit Bergblick' });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('featured-row').count()).toBe(1);
    const status = row.getByTestId('featured-status');
    const before = (await status.textContent())?.trim();
    const { featured: on, notFeatured: off } = CATALOGUE_ADMIN_TEXT;
    expect([on, off]).toEqual(['Gesponsert', 'Nicht gesponsert']);
    expect([on, off]).toContain(before);
    const after = before === on ? off : on;

    await row.getByTestId('featured-toggle').click();
    await confirmDialog(page);
    await successDialog(page);
    await expect.poll(async () => (await status.textContent())?.trim()).toBe(after);
    await saveScreenshot(page, 'admin-featured-desktop');

    const voucherId = await row.getAttribute('data-voucher-id');
    const featured = (await (await fetch(new URL('/api/v1/voucher?featured=1&paginate=100', webUrl()))).json()) as {
      data: { id: string }[];
    };
    expect(featured.data.some((v) => v.id === voucherId)).toBe(after === on);

    await row.getByTestId('featured-toggle').click();
    await confirmDialog(page);
    await successDialog(page);
    await expect.poll(async () => (await status.textContent())?.trim()).toBe(before);
    await page.context().close();
  });

  it('lays the tables out as cards on a phone', async () => {
    const page = await adminPage(390);
    await page.goto(at('/category'));
    await page.getByTestId('category-row').first().waitFor();
    await saveScreenshot(page, 'admin-categories-mobile');
    await page.goto(at('/featured-vouchers'));
    await page.getByTestId('featured-row').first().waitFor();
    await saveScreenshot(page, 'admin-featured-mobile');
    await page.goto(at('/template'));
    await page.getByTestId('template-row').first().waitFor();
    expect(await page.getByTestId('template-row').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vorlagen');
    expect(await page.getByTestId('add-template').textContent()).toBe('+ Vorlage hinzufügen');
    await saveScreenshot(page, 'admin-templates-mobile');
    await expectAccessible(page, 'admin templates (phone)');
    await page.getByTestId('add-template').click();
    const templateModal = page.getByTestId('template-modal');
    await templateModal.getByRole('heading', { name: 'Vorlage hinzufügen' }).waitFor();
    await settled(templateModal);
    await expectAccessible(page, 'admin template modal (phone)');
    await page.context().close();
  });

  it('keeps buyers out of the admin screens', async () => {
    const page = await openPage(browser(), { width: 1280, path: '/login', acceptCookies: false });
    await logIn(page, 'buyer@example.com', 'Demo1234!', { expectPath: /\/wallet$/ });
    await page.goto(at('/category'));
    await page.waitForURL(/\/error\/not-allowed$/);
    await page.context().close();
  });
});
