import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { PAYOUT_TEXT, TRANSFER_STATUS_LABEL } from '@gm/shared/payouts/contracts';
import { sentMails } from '../../scripts/test/api.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { putSale } from '../../scripts/test/payout-sales.ts';
import { sellerWithPayoutAccount } from '../../scripts/test/payout-seller.ts';
import { users } from '../../functions/src/lib/deps.ts';

/**
 * /payout 'Auszahlungsmanagment' (03 §2, §4, §5, §8; issue 12) on the real stack: a seller with sales
 * and without Stripe payouts; the admin runs 'Jetzt abrechnen' for them (POST seller-invoice of the
 * payout run), finds the Gutschrift, downloads the day's PDF zip through the presigned link (it holds
 * the PDF), sends the invoice (the mail with the PDF reaches the SES inbox; status Completed) and
 * marks the manual payout complete ('Manuell bezahlt'). An end date before the start is refused on
 * 'Bis' without a request. Every screen passes axe; the table becomes cards at 767 px.
 */
const browser = useBrowser();

/** Waits until a dialog's opening animation has finished (axe measures contrast on what is painted). */
async function settled(dialog: Locator) {
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Confirms the open question dialog with `label` and waits for 'Erfolgreich!' with `text`. */
async function confirmAndSucceed(page: Page, label: string, text: string) {
  const confirm = page.getByTestId('message-dialog');
  await confirm.waitFor();
  await settled(confirm);
  await confirm.getByRole('button', { name: label }).click();
  const success = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
  await success.waitFor({ timeout: 20_000 });
  expect(await success.textContent()).toContain(text);
  await success.waitFor({ state: 'detached', timeout: 3000 });
}

describe('admin payouts (/payout)', () => {
  it('runs a payout, downloads the zip, sends the invoice and marks the manual payment complete', async () => {
    const seller = await sellerWithPayoutAccount();
    const username = (await users().get(seller.userId))!.username;
    const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await putSale(seller.userId, { amount: 5000, channel: 'marketplace', pType: 'stripe', completedAt: hourAgo });
    await putSale(seller.userId, { amount: 2500, channel: 'marketplace', pType: 'bank', completedAt: hourAgo });
    const today = viennaDay(new Date());

    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
    // The admin home counts open payouts and leads to /payout.
    await page.getByTestId('overview-open-payouts').waitFor();

    // The admin menu's 'Verwalten' → 'Auszahlung' leads there.
    const header = page.getByTestId('site-header');
    const payoutLink = header.getByRole('link', { name: 'Auszahlung', exact: true });
    await expect
      .poll(
        async () => {
          if (!(await payoutLink.isVisible())) await header.getByRole('button', { name: 'Verwalten' }).click();
          await payoutLink.click({ timeout: 2000 }).catch(() => undefined);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000 },
      )
      .toBe('/payout');
    await page.getByTestId('payout-admin').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(PAYOUT_TEXT.title);
    await page.getByTestId('payout-stat-invoice_count').filter({ hasText: /^\d+$/ }).waitFor();

    // 'Jetzt abrechnen' for the seller (picked by username, 350 ms search).
    await page.getByTestId('payout-run').click();
    const modal = page.getByTestId('run-payout-modal');
    await modal.waitFor();
    await settled(modal);
    await modal.getByTestId('run-payout-search').fill(username);
    const select = modal.getByLabel('Verkäufer', { exact: true });
    await expect.poll(() => select.locator(`option[value="${seller.userId}"]`).count(), { timeout: 10_000 }).toBe(1);
    await select.selectOption(seller.userId);
    await saveScreenshot(page, 'payout-run-modal');
    await expectAccessible(page, 'payout run dialog');
    await modal.getByTestId('run-payout-submit').click();
    const success = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
    await success.waitFor({ timeout: 30_000 });
    expect(await success.textContent()).toContain(PAYOUT_TEXT.runDone);
    await success.waitFor({ state: 'detached', timeout: 3000 });

    // The Gutschrift is in the table: found by the company, Pending, to be paid manually.
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/seller-invoice?') && r.url().includes(encodeURIComponent(seller.company.split(' ')[1]!)),
    );
    await page.getByTestId('payout-search').fill(seller.company.split(' ')[1]!);
    await answered;
    const row = page.getByTestId('payout-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td[data-label="Unternehmen"]').textContent()).toBe(seller.company);
    expect(await row.locator('td[data-label="IBAN"]').textContent()).toMatch(/^•+\s?3201$/);
    expect(await row.getByTestId('payout-status').textContent()).toBe(PAYOUT_TEXT.statusPending);
    expect(await row.getByTestId('payout-transfer').textContent()).toBe(TRANSFER_STATUS_LABEL.manual);
    const invoiceNo = (await row.locator('th[data-label="Rechnungsnr."]').textContent())!;
    expect(invoiceNo).toMatch(/^PR-\d{4}-\d{6}$/);
    await saveScreenshot(page, 'payout-admin-desktop');
    await expectAccessible(page, 'payout management');

    // The range: an end before the start is refused on 'Bis' and sends nothing; downloads wait for both dates.
    const zipButton = page.getByTestId('payout-download-pdf');
    expect(await zipButton.isDisabled()).toBe(true);
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/seller-invoice?')) lists.push(r.url());
    });
    await page.getByTestId('payout-from').fill(today);
    await page.getByTestId('payout-to').fill('2000-01-01');
    const toField = page.locator('.field').filter({ has: page.getByTestId('payout-to') });
    await toField.getByText('Bitte gib ein gültiges Datum ein').waitFor();
    expect(await zipButton.isDisabled()).toBe(true);
    await page.waitForTimeout(500);
    expect(lists.filter((u) => u.includes('to=2000-01-01'))).toEqual([]);
    await page.getByTestId('payout-to').fill(today);
    await expect.poll(() => zipButton.isDisabled()).toBe(false);

    // The day's Gutschriften as a zip via the presigned link: it holds this invoice's PDF.
    const [zip] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
    expect(zip.suggestedFilename()).toBe(`Gutschriften_${today}_${today}.zip`);
    expect(zip.url()).toMatch(/\/exports\/.+\.zip\?.*X-Amz-Expires=300/);
    const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
    const pdf = files[`Gutschrift-${invoiceNo}.pdf`];
    expect(pdf, Object.keys(files).join(', ')).toBeDefined();
    expect(Buffer.from(pdf!.subarray(0, 5)).toString()).toBe('%PDF-');

    // 'Rechnung senden': the mail with the PDF reaches the seller; the status turns Completed.
    const since = Math.floor(Date.now() / 1000) - 1;
    await row.getByTestId('payout-send').click();
    await expectAccessible(page, 'payout send confirmation');
    await confirmAndSucceed(page, PAYOUT_TEXT.sendInvoice, PAYOUT_TEXT.invoiceSent);
    await expect.poll(() => row.getByTestId('payout-status').textContent()).toBe(PAYOUT_TEXT.statusCompleted);
    let mail: Awaited<ReturnType<typeof sentMails>>[number] | undefined;
    await expect
      .poll(async () => {
        mail = (await sentMails(since)).find((m) => m.destination.to.includes(seller.email));
        return Boolean(mail);
      })
      .toBe(true);
    expect(mail!.subject).toBe(PAYOUT_TEXT.mailSubject(invoiceNo));
    expect(mail!.attachments?.map((a) => a.filename)).toEqual([`Gutschrift-${invoiceNo}.pdf`]);
    expect(mail!.attachments?.[0]?.contentType).toBe('application/pdf');

    // 'Zahlung abgeschlossen' (paid outside Stripe): 'Manuell bezahlt', no more action.
    await row.getByTestId('payout-complete').click();
    await confirmAndSucceed(page, PAYOUT_TEXT.markComplete, PAYOUT_TEXT.markedComplete);
    await expect.poll(() => row.getByTestId('payout-transfer').textContent()).toBe(TRANSFER_STATUS_LABEL.completed);
    expect(await row.getByTestId('payout-complete').count()).toBe(0);

    // The single PDF downloads from the row.
    const [single] = await Promise.all([page.waitForEvent('download'), row.getByTestId('payout-pdf').click()]);
    expect(single.suggestedFilename()).toBe(`Gutschrift-${invoiceNo}.pdf`);

    // Phones: one card per invoice.
    await page.setViewportSize({ width: 767, height: 900 });
    await saveScreenshot(page, 'payout-admin-767');
    await expectAccessible(page, 'payout management at 767 px');
    await page.goto(at('/home'));
    await page.context().close();
  });
});
