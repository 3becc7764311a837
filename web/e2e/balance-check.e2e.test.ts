import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatEuro } from '@gm/shared/money/money';
import { BALANCE_TEXT } from '@gm/shared/wallet/balance-check';
import { createTestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, RESULTS_DIR, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, at, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { issueOwnedVoucher } from '../../scripts/test/owned-voucher.ts';
import { launchWithCamera, qrVideo } from '../../scripts/test/qr-video.ts';

/**
 * The public balance check on the real stack (issue 13): a guest types a buyer's voucher code on
 * /guthaben (reached from the footer) and sees what is left, until when and where; the link from
 * the PDF and mails (`?code=`) checks at once; an unknown code says so; the QR code is read with
 * the (fake) camera. Every screen passes axe at 1280 and 767 px.
 */
const browser = useBrowser();
let cameraBrowser: Browser | undefined;
afterAll(async () => {
  await cameraBrowser?.close();
});

describe('balance check', () => {
  it("a buyer's voucher code typed on /guthaben shows the remaining value, validity and seller, never the holder", async () => {
    const buyer = await createTestAccount('user');
    const uv = await issueOwnedVoucher(buyer.userId, {
      type: 'value',
      value: 5000,
      remaining_value: 3250,
      from_name: 'Anna Geberin',
      valid_until: '2031-06-30',
    });

    const page = await openPage(browser(), { width: 1280, path: '/home' });
    await page.getByTestId('footer-balance-check').click();
    await page.waitForURL(/\/guthaben$/);
    await page.getByRole('heading', { level: 1, name: BALANCE_TEXT.title }).waitFor();
    expect(await page.getByTestId('balance-submit').isDisabled()).toBe(true);
    await expectAccessible(page, 'balance check (empty)');

    // Typed as printed on the PDF: two groups, lower case.
    await page.getByLabel(BALANCE_TEXT.codeLabel).fill(`${uv.code.slice(0, 13).toLowerCase()} ${uv.code.slice(13)}`);
    await page.getByTestId('balance-submit').click();
    const result = page.getByTestId('balance-result');
    await result.waitFor();
    expect(await page.getByTestId('balance-remaining').textContent()).toBe(
      `${formatEuro(3250)} von ${formatEuro(5000)}`,
    );
    expect(await page.getByTestId('balance-valid-until').textContent()).toBe('30.06.2031');
    expect(await page.getByTestId('balance-status').textContent()).toBe('Gültig');
    expect(await page.getByTestId('balance-seller').textContent()).toBe(uv.voucher.seller.username);
    const text = (await result.textContent()) ?? '';
    for (const secret of ['Anna Geberin', buyer.email, uv.order_no]) expect(text).not.toContain(secret);
    await expectAccessible(page, 'balance check (result)');
    await saveScreenshot(page, 'balance-check-1280');

    // An unknown code.
    await page.getByLabel(BALANCE_TEXT.codeLabel).fill('0123456789ABCDEFGHJKMNPQRS');
    await page.getByTestId('balance-submit').click();
    await page.getByTestId('balance-not-found').getByText(BALANCE_TEXT.notFound).waitFor();
    expect(await result.count()).toBe(0);
    await page.context().close();
  });

  it('the link from the PDF and mails checks at once, also at 767 px', async () => {
    const buyer = await createTestAccount('user');
    const uv = await issueOwnedVoucher(buyer.userId, {
      status: 'redeemed',
      remaining_qty: 0,
      remaining_value: 0,
    });
    const page = await openPage(browser(), { width: 767, path: `/guthaben?code=${uv.code}` });
    await page.getByTestId('balance-result').waitFor();
    expect(await page.getByLabel(BALANCE_TEXT.codeLabel).inputValue()).toBe(uv.code);
    expect(await page.getByTestId('balance-status').textContent()).toBe('Vollständig eingelöst');
    expect(await page.getByTestId('balance-remaining').textContent()).toBe('0 von 1 Stück');
    await expectAccessible(page, 'balance check (767 px)');
    await saveScreenshot(page, 'balance-check-767');
    await page.context().close();
  });

  it('reads the QR code of the voucher PDF with the camera', async () => {
    const buyer = await createTestAccount('user');
    const uv = await issueOwnedVoucher(buyer.userId);
    await mkdir(RESULTS_DIR, { recursive: true });
    const video = join(RESULTS_DIR, `balance-qr-${uv.code}.y4m`);
    await qrVideo(uv.qr, video);
    cameraBrowser = await launchWithCamera(video);
    const context = await cameraBrowser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(at('/guthaben'));
    await acceptCookies(page);
    await page.getByTestId('balance-scan').click();
    await page.getByTestId('balance-result').waitFor({ timeout: 15000 });
    expect(await page.getByLabel(BALANCE_TEXT.codeLabel).inputValue()).toBe(uv.code);
    expect(await page.getByTestId('balance-remaining').textContent()).toBe('1 von 1 Stück');
    expect(await page.getByTestId('qr-camera').count()).toBe(0);
    await saveScreenshot(page, 'balance-check-camera-390');
    await context.close();
  });
});
