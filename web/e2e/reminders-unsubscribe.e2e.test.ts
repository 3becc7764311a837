import { describe, expect, it } from 'vitest';
import { REMINDER_TEXT } from '@gm/shared/admin/seller-mails';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { sentMails } from '../../scripts/test/api.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { issueOwnedVoucher } from '../../scripts/test/owned-voucher.ts';
import { handler as remindersJob } from '../../functions/src/jobs/expiry-reminders.ts';
import { users } from '../../functions/src/lib/deps.ts';

/** The expiry reminder's unsubscribe link (issue 12): opened without login, it confirms and stops the reminders. */
const browser = useBrowser();

describe('reminders unsubscribe page', () => {
  it('unsubscribes from the link of a reminder mail without login; an unknown link says so', async () => {
    const buyer = await createTestAccount('user');
    // Vienna today of the run: 2093-07-01; the voucher's last day 2093-07-31 → the 30-day reminder.
    await issueOwnedVoucher(buyer.userId, { valid_until: '2093-07-31' });
    const since = Math.floor(Date.now() / 1000) - 1;
    await remindersJob({ now: '2093-07-01T07:00:00Z' });
    const mail = (await sentMails(since)).find(
      (m) => m.destination.to.includes(buyer.email) && m.subject.startsWith('Dein Gutschein'),
    );
    const link = /https?:\/\/\S+(\/erinnerungen\/abmelden\/\S+)/.exec(mail?.body.text ?? '');
    expect(link, mail?.body.text).toBeTruthy();

    const page = await openPage(browser(), { width: 1280, path: link![1]! });
    await page.getByTestId('reminders-unsubscribe-page').waitFor();
    await page.getByText(REMINDER_TEXT.unsubscribed).waitFor();
    await expectAccessible(page, 'reminders unsubscribe');
    await saveScreenshot(page, 'reminders-unsubscribe-desktop');
    expect((await users().get(buyer.userId))?.reminders_opt_out).toBe(true);
    await page.context().close();

    const phone = await openPage(browser(), { width: 390, path: '/erinnerungen/abmelden/unbekannt' });
    await phone.getByText(REMINDER_TEXT.invalidLink).waitFor();
    await expectAccessible(phone, 'reminders unsubscribe, unknown link');
    await saveScreenshot(phone, 'reminders-unsubscribe-invalid-mobile');
    await phone.context().close();
  });
});
