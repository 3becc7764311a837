import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sentMails } from '../../scripts/test/api.ts';
import { RESULTS_DIR, expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/** The imprint: partner list with voucher carousels, and the contact form that mails the operator (01 §2). */
const browser = useBrowser();

async function imprint(width: number): Promise<Page> {
  const page = await openPage(browser(), { width, path: '/impressum' });
  await page.getByTestId('impressum-page').waitFor();
  return page;
}

/**
 * The partners are shuffled and other tests add sellers without vouchers, so the first partner may show
 * 'Noch keine Gutscheine online.': walk down the list until a partner's carousel shows a voucher.
 */
async function partnerWithVouchers(page: Page): Promise<Locator> {
  const partners = page.getByTestId('partner');
  await partners.first().waitFor();
  const count = await partners.count();
  for (let i = 0; i < count; i += 1) {
    const partner = partners.nth(i);
    await partner.scrollIntoViewIfNeeded();
    const card = partner.getByTestId('voucher-card').first();
    await card.or(partner.getByText('Noch keine Gutscheine online.')).waitFor();
    if (await card.isVisible()) return partner;
  }
  throw new Error(`none of ${count} partners shows a voucher`);
}

describe('imprint', () => {
  it('lists the partners with their vouchers', async () => {
    const page = await imprint(1280);
    await partnerWithVouchers(page);
    expect(await page.getByTestId('partner').count()).toBeGreaterThanOrEqual(5);
    await expectAccessible(page, 'imprint');
    await page.getByTestId('partner-vouchers').evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(RESULTS_DIR, 'imprint-partners-desktop.png') });
    await page.getByTestId('contact-form').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(RESULTS_DIR, 'imprint-contact-desktop.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'imprint-desktop');
    await page.context().close();
  });

  it('shows one voucher per view on a phone', async () => {
    const page = await imprint(390);
    await partnerWithVouchers(page);
    await page.getByTestId('partner-vouchers').evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(RESULTS_DIR, 'imprint-partners-mobile.png') });
    await page.context().close();
  });

  it('sends the contact form: required fields first, then the message to the operator', async () => {
    const page = await imprint(390);
    const form = page.getByTestId('contact-form');
    await form.scrollIntoViewIfNeeded();
    await page.getByTestId('contact-submit').click();
    const summary = form.getByTestId('form-error-summary');
    await summary.waitFor();
    for (const label of ['Name', 'E-Mail', 'Nachricht', 'Datenschutz'])
      expect(await summary.textContent()).toContain(label);
    expect(await summary.textContent()).not.toContain('Telefon');
    await expectAccessible(page, 'imprint contact form with errors');

    const email = `kontakt-${randomUUID().slice(0, 8)}@example.com`;
    const since = Math.floor(Date.now() / 1000) - 1;
    await form.getByLabel('Name', { exact: true }).fill('Erika Probe');
    await form.getByLabel('E-Mail', { exact: true }).fill(email);
    await form.getByLabel('Nachricht', { exact: true }).fill('Gibt es Gutscheine auch für Firmenfeiern?');
    await form.getByLabel(/Ich bin einverstanden/).check();
    await page.screenshot({ path: join(RESULTS_DIR, 'imprint-contact-mobile.png') });
    await page.getByTestId('contact-submit').click();

    const dialog = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
    await dialog.waitFor();
    // The success dialog closes after 2 s (01 §9) and the form is empty again.
    await dialog.waitFor({ state: 'detached', timeout: 3500 });
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const mail = (await sentMails(since)).find((m) => m.body.text?.includes(email));
    expect(mail?.subject).toBe('Kontaktanfrage von Erika Probe');
    expect(mail?.body.text).toContain('Gibt es Gutscheine auch für Firmenfeiern?');
    await page.context().close();
  });
});
