import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_TEXT } from '@gm/shared/admin/newsletter';
import { MSG } from '@gm/shared/validation/messages';
import { sentMails } from '../../scripts/test/api.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * The newsletter (01 §2, §9; issue 13): a guest signs up in the footer, opens the confirmation link from
 * the mail (the SES stand-in's inbox) and sees the confirmation; the mail's unsubscribe link works without
 * login; the admin downloads the confirmed list from the admin home.
 */
const browser = useBrowser();

const linkIn = (text: string | undefined, kind: 'bestaetigen' | 'abmelden') =>
  new RegExp(`https?://\\S+(/newsletter/${kind}/[A-Za-z0-9_-]+)`).exec(text ?? '')?.[1];

describe('newsletter', () => {
  it('signs up in the footer, confirms from the mail, unsubscribes; the admin downloads the list', async () => {
    const email = `newsletter-${randomUUID().slice(0, 8)}@example.com`;
    const since = Math.floor(Date.now() / 1000) - 1;

    const page = await openPage(browser(), { width: 1280, path: '/home' });
    // The form loads when the footer comes near the viewport.
    await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
    const form = page.getByTestId('newsletter-form-footer');
    await form.scrollIntoViewIfNeeded();
    // Without the consent: the field error, nothing sent.
    await form.getByLabel('E-Mail-Adresse für den Newsletter').fill(email);
    await page.getByTestId('newsletter-submit-footer').click();
    await form.getByText(MSG.mustAccept).waitFor();
    await form.getByRole('checkbox').check();
    await expectAccessible(page, 'footer newsletter form');
    await saveScreenshot(page, 'newsletter-footer-desktop');
    await page.getByTestId('newsletter-submit-footer').click();
    await page.getByTestId('newsletter-done-footer').getByText(NEWSLETTER_TEXT.signedUp).waitFor();

    // The double opt-in mail: a confirmation link and an unsubscribe link.
    await expect
      .poll(async () => (await sentMails(since)).filter((m) => m.destination.to.includes(email)).length)
      .toBe(1);
    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(email));
    expect(mail?.subject).toBe(NEWSLETTER_TEXT.mailSubject);
    const confirmPath = linkIn(mail?.body.text, 'bestaetigen');
    const unsubscribePath = linkIn(mail?.body.text, 'abmelden');
    expect(confirmPath, mail?.body.text).toBeTruthy();
    expect(unsubscribePath, mail?.body.text).toBeTruthy();
    await page.context().close();

    // The confirmation link, opened on a phone without login.
    const phone = await openPage(browser(), { width: 390, path: confirmPath! });
    await phone.getByTestId('newsletter-confirm-page').waitFor();
    await phone.getByText(NEWSLETTER_TEXT.confirmed).waitFor();
    await expectAccessible(phone, 'newsletter confirmed');
    await saveScreenshot(phone, 'newsletter-confirmed-mobile');
    // Used once: opening it again says so.
    await phone.goto(phone.url());
    await phone.getByText(NEWSLETTER_TEXT.confirmInvalid).waitFor();
    await phone.context().close();

    // The admin's download on the admin home holds the confirmed address.
    const admin = await openPage(browser(), { width: 1280, path: '/login' });
    await logIn(admin, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    await admin.getByTestId('newsletter-download').waitFor();
    await saveScreenshot(admin, 'newsletter-admin-home');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('newsletter-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(`${email};`);

    // The unsubscribe link works without login.
    await admin.context().close();
    const out = await openPage(browser(), { width: 1280, path: unsubscribePath! });
    await out.getByText(NEWSLETTER_TEXT.unsubscribed).waitFor();
    await expectAccessible(out, 'newsletter unsubscribed');
    await out.context().close();
  });

  it("signs up from the designer's popup 'Wir spenden für DICH!'", async () => {
    const buyer = await createTestAccount('user');
    const since = Math.floor(Date.now() / 1000) - 1;
    const page = await openPage(browser(), { width: 390, path: '/login' });
    await logIn(page, buyer.email, buyer.password, { expectPath: /\/wallet$/ });
    await page.goto(at('/wallet/vouchers'));
    await page.getByTestId('buyer-voucher-new').click();
    const popup = page.getByTestId('newsletter-popup');
    await popup.getByRole('heading', { name: NEWSLETTER_TEXT.popupTitle }).waitFor();
    await popup.getByLabel('E-Mail-Adresse für den Newsletter').fill(buyer.email);
    await popup.getByRole('checkbox').check();
    await expectAccessible(page, 'newsletter popup');
    await saveScreenshot(page, 'newsletter-popup-mobile');
    await popup.getByTestId('newsletter-submit-popup').click();
    await popup.getByTestId('newsletter-done-popup').getByText(NEWSLETTER_TEXT.signedUp).waitFor();
    await expect
      .poll(async () => (await sentMails(since)).filter((m) => m.destination.to.includes(buyer.email)).length)
      .toBe(1);
    await popup.getByTestId('newsletter-close').click();
    await popup.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
