import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { CAMERA_ERROR_TEXT, REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import {
  createUserVoucherRepository,
  type UserVoucherRecord,
} from '../../functions/src/repositories/user-voucher-repository.ts';
import { newVoucherCode, voucherQrUrl } from '../../functions/src/services/orders/voucher-code.ts';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { expectAccessible, RESULTS_DIR, saveScreenshot } from '../../scripts/test/browser.ts';
import { acceptCookies, at, logIn } from '../../scripts/test/e2e-session.ts';
import { putVouchers, testVoucher } from '../../scripts/test/test-vouchers.ts';
import { launchWithCamera, qrVideo } from '../../scripts/test/qr-video.ts';

/**
 * The scanner on the real stack (02 §2): a scanner user signs in, Chromium's fake camera plays a
 * video of the voucher's QR code, jsQR reads it, part of the value voucher is redeemed ('Der
 * Gutschein wurde eingelöst', back to the scanner after 3 s); the seller finds the redemption in
 * its table on /scanner, opens the order's redemptions and revokes it ('Einlösung widerrufen'); the
 * admin's /voucher-redemptions lists it. Every screen passes axe (WCAG A/AA, no serious or critical).
 */

/** A sold value voucher (USER_VOUCHER + CODE# through the repository, as the order completion writes them) and its completed order line. */
async function soldValueVoucher(
  seller: TestAccount,
  value: number,
  overrides: Partial<UserVoucherRecord> = {},
): Promise<UserVoucherRecord> {
  const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    title: 'Wellness-Wertgutschein',
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 50000,
    qty_min: null,
    qty_max: null,
  });
  await putVouchers(voucher);
  const code = newVoucherCode();
  const now = new Date().toISOString();
  const orderId = randomUUID();
  const record: UserVoucherRecord = {
    id: randomUUID(),
    code,
    qr: voucherQrUrl(env().APP_URL, code),
    order_id: orderId,
    order_no: `GM-2026-${String(Math.floor(Math.random() * 900000) + 100000)}`,
    voucher_id: voucher.id,
    seller_id: seller.userId,
    voucher: toVoucherCard(voucher),
    type: 'value',
    qty: 1,
    value,
    remaining_qty: 1,
    remaining_value: value,
    valid_until: `${new Date().getFullYear() + 3}-12-31`,
    status: 'active',
    sent_via: null,
    acquired_at: now,
    created_at: now,
    version: 1,
    ...overrides,
  };
  const repository = createUserVoucherRepository(documentClient(), env().TABLE_NAME);
  await documentClient().send(new TransactWriteCommand({ TransactItems: repository.issueParts(record) }));
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        PK: `ORDER#${orderId}`,
        SK: 'ORDER',
        entity: 'Order',
        id: orderId,
        status: 'completed',
        seller_id: seller.userId,
        voucher_id: voucher.id,
        order_no: record.order_no,
        user_voucher_ids: [record.id],
        created_at: now,
        completed_at: now,
      },
    }),
  );
  return record;
}

const remaining = async (id: string) =>
  (await createUserVoucherRepository(documentClient(), env().TABLE_NAME).get(id))?.remaining_value;

describe('scanner', () => {
  let browser: Browser;
  let seller: TestAccount;
  let scanner: TestAccount;
  let voucher: UserVoucherRecord;

  beforeAll(async () => {
    seller = await createTestAccount('seller');
    scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
    voucher = await soldValueVoucher(seller, 5000);
    await mkdir(RESULTS_DIR, { recursive: true });
    const video = join(RESULTS_DIR, `qr-${voucher.code}.y4m`);
    await qrVideo(voucher.qr, video);
    browser = await launchWithCamera(video);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(account: TestAccount, width: number, expectPath: RegExp): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(at('/login'));
    await acceptCookies(page);
    await logIn(page, account.email, account.password, { expectPath });
    return page;
  }

  it('a scanner user scans the QR code with the camera and redeems part of a value voucher; the seller revokes it', async () => {
    const page = await signedIn(scanner, 1280, /\/scanner$/);
    await page.getByRole('heading', { name: REDEMPTION_TEXT.title }).waitFor();
    // Scanner users see only the scanner: no staff panel, no redemptions table.
    expect(await page.getByTestId('scanner-staff').count()).toBe(0);
    await expectAccessible(page, 'scanner before a scan');
    await page.getByTestId('scanner-open-camera').click();
    const form = page.getByTestId('redemption-form');
    await form.waitFor({ timeout: 20_000 });
    expect(await form.getByRole('heading').textContent()).toBe('Wellness-Wertgutschein');
    expect(await page.getByTestId('redemption-remaining').textContent()).toMatch(/^50,00\s€$/);
    await expectAccessible(page, 'scanner after a scan (redemption form)');
    await saveScreenshot(page, 'scanner-redemption-form-desktop');

    // More than is left is caught in the form, next to the field.
    await page.getByTestId('redemption-value').fill('60');
    await page.getByTestId('redemption-submit').click();
    await form.getByText(/Es können höchstens 50,00\s€ eingelöst werden\./).waitFor();
    await page.getByTestId('redemption-value').fill('12,50');
    await page.getByTestId('redemption-submit').click();
    const dialog = page.getByTestId('message-dialog');
    await dialog.getByText(REDEMPTION_TEXT.redeemed).waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Erfolgreich!');
    await expect.poll(() => remaining(voucher.id)).toBe(3750);
    // Back to the scanner after 3 s.
    await page.getByTestId('scanner-home').waitFor({ timeout: 6000 });
    expect(await page.getByTestId('redemption-form').count()).toBe(0);

    // A typed code of a voucher that is not this seller's answers 'Warnung!' with the server's message and resets.
    await page.getByTestId('scanner-code').fill(newVoucherCode());
    await page.getByTestId('scanner-code-submit').click();
    await dialog.getByText(REDEMPTION_TEXT.notFound).waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Warnung!');
    await dialog.getByRole('button', { name: 'Bestätigen' }).click();
    expect(await page.getByTestId('scanner-code').inputValue()).toBe('');

    // The seller sees the redemption on /scanner and revokes it.
    const sellerPage = await signedIn(seller, 1280, /\/home$/);
    await sellerPage.goto(at('/scanner'));
    const row = sellerPage.getByTestId('redemption-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(voucher.order_no);
    expect(await row.textContent()).toMatch(/12,50\s€/);
    expect(await row.textContent()).toContain(`scanner-`);
    await sellerPage.getByTestId('scanner-user').first().waitFor();
    await expectAccessible(sellerPage, 'scanner of a seller (staff panel, redemptions)');
    await saveScreenshot(sellerPage, 'scanner-seller-desktop');

    await row.getByTestId('redemption-order').click();
    const detail = sellerPage.getByTestId('redemption-detail');
    await detail.getByTestId('redemption-detail-row').first().waitFor();
    expect(await detail.getByTestId('redemption-detail-row').count()).toBe(1);
    await expectAccessible(sellerPage, 'redemption detail modal');
    await detail.getByRole('button', { name: 'Schließen' }).click();

    await row.getByTestId('redemption-revoke').click();
    const confirm = sellerPage.getByTestId('message-dialog');
    await confirm.getByText(REDEMPTION_TEXT.revokeConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Rückgängig machen' }).click();
    await row.getByTestId('redemption-revoked').waitFor();
    expect(await row.getByTestId('redemption-revoked').textContent()).toBe(REDEMPTION_TEXT.revoked);
    expect(await row.getByTestId('redemption-revoke').count()).toBe(0);
    await expect.poll(() => remaining(voucher.id)).toBe(5000);

    // The seller's 'Eingelöst' page lists it as revoked.
    await sellerPage.goto(at('/redemptions'));
    const listed = sellerPage.getByTestId('redemption-row').filter({ hasText: voucher.order_no });
    await listed.getByTestId('redemption-revoked').waitFor();
    await expectAccessible(sellerPage, 'redemptions page');

    // The admin's /voucher-redemptions lists every redemption, this one revoked.
    const admin = await createTestAccount('admin');
    const adminPage = await signedIn(admin, 1280, /\/home$/);
    await adminPage.goto(at('/voucher-redemptions'));
    const adminRow = adminPage.getByTestId('redemption-row').filter({ hasText: voucher.order_no });
    await adminRow.getByTestId('redemption-revoked').waitFor();
    await expectAccessible(adminPage, 'admin voucher redemptions');
    await adminPage.context().close();

    await sellerPage.goto(at('/scanner'));
    await sellerPage.getByTestId('redemption-row').first().waitFor();
    await sellerPage.setViewportSize({ width: 375, height: 800 });
    await sellerPage.reload();
    await sellerPage.getByTestId('redemption-row').first().waitFor();
    await saveScreenshot(sellerPage, 'scanner-seller-mobile');
  });

  it('a “Nur auf einmal einlösbar” gift comes with its whole value filled in and locked, and is redeemed in one go', async () => {
    const once = await soldValueVoucher(seller, 4200, { voucher_usage: 'once' });
    const page = await signedIn(scanner, 1280, /\/scanner$/);
    await page.getByTestId('scanner-code').fill(once.code);
    await page.getByTestId('scanner-code-submit').click();
    const form = page.getByTestId('redemption-form');
    await form.waitFor();
    const amount = page.getByTestId('redemption-value');
    expect(await amount.inputValue()).toBe('42,00');
    expect(await amount.getAttribute('readonly')).not.toBeNull();
    await form.getByText(REDEMPTION_TEXT.onceOnlyNote).waitFor();
    await saveScreenshot(page, 'scanner-once-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'scanner-once-mobile');
    await page.getByTestId('redemption-submit').click();
    await page.getByTestId('message-dialog').getByText(REDEMPTION_TEXT.redeemed).waitFor();
    await expect.poll(() => remaining(once.id)).toBe(0);
    await page.context().close();
  });

  it('the voucher’s QR URL opened by the seller goes to the scanner and shows that voucher’s redemption form at once', async () => {
    const linked = await soldValueVoucher(seller, 2500);
    const page = await signedIn(seller, 1280, /\/home$/);
    const scans: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/qr-code/scan')) scans.push(request.postData() ?? '');
    });
    expect(new URL(linked.qr).pathname).toBe(`/qr/${linked.code}`);
    await page.goto(at(`/qr/${linked.code}`));
    const form = page.getByTestId('redemption-form');
    await form.waitFor({ timeout: 15_000 });
    expect(await form.getByRole('heading').textContent()).toBe('Wellness-Wertgutschein');
    expect(await page.getByTestId('redemption-remaining').textContent()).toMatch(/^25,00\s€$/);
    // Resolved through the same scan a typed code uses, once; the code left the URL (a reload does not scan again).
    expect(scans).toHaveLength(1);
    expect(JSON.parse(scans[0]!)).toEqual({ url: linked.code });
    expect(new URL(page.url()).pathname).toBe('/scanner');
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    await saveScreenshot(page, 'scanner-qr-link-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'scanner-qr-link-mobile');
    await page.getByTestId('redemption-value').fill('5');
    await page.getByTestId('redemption-submit').click();
    await page.getByTestId('message-dialog').getByText(REDEMPTION_TEXT.redeemed).waitFor();
    await expect.poll(() => remaining(linked.id)).toBe(2000);
    // The redemption reaches the seller's table on the same page without a reload.
    await page
      .getByTestId('redemption-row')
      .filter({ hasText: linked.order_no })
      .filter({ hasText: /5,00\s€/ })
      .waitFor();
    await page.context().close();
  });

  it('explains a refused camera in German', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'de-DE' });
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await page.goto(at('/login'));
    await acceptCookies(page);
    await logIn(page, scanner.email, scanner.password, { expectPath: /\/scanner$/ });
    await page.getByTestId('scanner-open-camera').click();
    const error = page.getByTestId('camera-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(CAMERA_ERROR_TEXT.permissionDenied);
    await saveScreenshot(page, 'scanner-camera-denied-mobile');
  });
});
