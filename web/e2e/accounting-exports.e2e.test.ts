import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { ACCOUNTING_TEXT } from '@gm/shared/payouts/accounting';
import { checkExtf } from '@gm/shared/payouts/datev-extf-check';
import { decodeWindows1252 } from '@gm/shared/payouts/datev-extf';
import { OUTSTANDING_CSV_HEADER } from '@gm/shared/payouts/outstanding-vouchers';
import type { SellerOrdersResponse } from '@gm/shared/seller/dashboard';
import { MSG } from '@gm/shared/validation/messages';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Accounting exports on /orders-earnings (issue 12): after a buyer's card payment the demo seller
 * downloads today's bookings as a DATEV batch through the short-lived link (the file validates
 * against the format description and holds the sale's invoice), sees 'Bis' before 'Von' refused,
 * and downloads the outstanding vouchers of today; the admin downloads the platform's books on
 * /payout. The panel is accessible, also at 767 px.
 */
const browser = useBrowser();
const SELLER = { email: 'seller@example.com', password: 'Demo1234!' };
const BUYER = { email: 'buyer@example.com', password: 'Demo1234!' };
const ADMIN = { email: 'admin@example.com', password: 'Demo1234!' };
const VOUCHER = 'v-alpenspa-massage';

async function call<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(at(`/api/v1/${path}`), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}
const login = async (who: { email: string; password: string }) =>
  (await call<{ token: string }>('POST', 'auth/login', null, who)).body.token;
const today = () => viennaDay(new Date());

describe('accounting exports', () => {
  it('the seller downloads a DATEV batch of today by the link, and the outstanding vouchers', async () => {
    // A sale today: the buyer pays one massage voucher by card; the webhook completes it, the stream numbers its invoice.
    const sellerToken = await login(SELLER);
    const before = (await call<SellerOrdersResponse>('GET', 'order', sellerToken)).body.total;
    const buyer = await login(BUYER);
    expect((await call('POST', 'order', buyer, { voucher_id: VOUCHER, qty: 1 })).status).toBe(201);
    const paid = await call(
      'POST',
      'order/payment',
      buyer,
      { payment_type: 'card', payment_method: 'pm_card_visa' },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expect
      .poll(async () => (await call<SellerOrdersResponse>('GET', 'order', sellerToken)).body.total, {
        timeout: 30_000,
      })
      .toBeGreaterThan(before);
    // The stream numbers the sale's invoice within moments (issue 15).
    const newest = async () => (await call<SellerOrdersResponse>('GET', 'order', sellerToken)).body.data[0]!;
    await expect.poll(async () => (await newest()).invoice_no, { timeout: 30_000 }).toBeTruthy();
    const sale = await newest();

    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, SELLER.email, SELLER.password, { expectPath: /\/home$/ });
    await page.goto(at('/orders-earnings'));
    const panel = page.getByTestId('accounting-panel');
    await panel.waitFor();
    expect(await panel.getByRole('heading', { name: ACCOUNTING_TEXT.title }).count()).toBe(1);
    const datev = page.getByTestId('accounting-datev');
    expect(await datev.isDisabled()).toBe(true);
    await expectAccessible(page, 'orders & earnings with the accounting panel');

    // 'Bis' before 'Von': refused on 'Bis', nothing is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/accounting/')) sent.push(request.url());
    });
    const yesterday = viennaDay(new Date(Date.now() - 86_400_000));
    await page.getByTestId('accounting-from').fill(today());
    await page.getByTestId('accounting-to').fill(yesterday);
    await panel.getByText(MSG.invalidDate).waitFor();
    expect(await page.getByTestId('accounting-to').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await expectAccessible(page, 'accounting panel (range refused)');

    // Today's DATEV batch by the short-lived link.
    await page.getByTestId('accounting-to').fill(today());
    await page.getByLabel(ACCOUNTING_TEXT.chart).selectOption('SKR04');
    const [download] = await Promise.all([page.waitForEvent('download'), datev.click()]);
    expect(download.suggestedFilename()).toBe(`EXTF_Buchungsstapel_${today()}_${today()}.csv`);
    expect(download.url()).toMatch(/\/exports\/.+\.csv\?.*X-Amz-Expires=300/);
    const text = decodeWindows1252(new Uint8Array(await readFile((await download.path())!)));
    expect(checkExtf(text)).toEqual([]);
    expect(text.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    const saleLine = text.split('\r\n').find((line) => line.includes(`"${sale.invoice_no}"`));
    // The seller's books: the sale on the platform clearing account (SKR04 1300) against revenue 4200.
    expect(saleLine, text).toContain(';1300;4200;');

    // The outstanding vouchers of today (the Stichtag defaults to today).
    expect(await page.getByTestId('accounting-at').inputValue()).toBe(today());
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('accounting-outstanding').click(),
    ]);
    expect(report.suggestedFilename()).toBe(`Gutscheinverbindlichkeiten_${today()}.csv`);
    const csv = (await readFile((await report.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]!.split(';')).toEqual([...OUTSTANDING_CSV_HEADER]);
    expect(csv).toHaveLength(3);
    await saveScreenshot(page, 'accounting-panel-desktop');

    // The admin on /payout: the platform's books of every seller, the sale on Geldtransit 1460 an Verbindlichkeiten 3500.
    const adminPage = await openPage(browser(), { width: 1280 });
    await logIn(adminPage, ADMIN.email, ADMIN.password, { expectPath: /\/home$/ });
    await adminPage.goto(at('/payout'));
    const adminPanel = adminPage.getByTestId('accounting-panel');
    await adminPanel.waitFor();
    expect(await adminPanel.getByLabel(ACCOUNTING_TEXT.view).inputValue()).toBe('platform');
    await adminPage.getByTestId('accounting-from').fill(today());
    await adminPage.getByTestId('accounting-to').fill(today());
    await adminPage.getByLabel(ACCOUNTING_TEXT.chart).selectOption('SKR04');
    await expectAccessible(adminPage, '/payout with the accounting panel');
    const [platformFile] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByTestId('accounting-datev').click(),
    ]);
    const platform = decodeWindows1252(new Uint8Array(await readFile((await platformFile.path())!)));
    expect(checkExtf(platform)).toEqual([]);
    expect(platform.split('\r\n').find((line) => line.includes(`"${sale.invoice_no}"`))).toContain(';1460;3500;');
    await saveScreenshot(adminPage, 'accounting-panel-payout');

    // 767 px: the same panel stays usable and accessible.
    const narrow = await openPage(browser(), { width: 767 });
    await logIn(narrow, SELLER.email, SELLER.password, { expectPath: /\/home$/ });
    await narrow.goto(at('/orders-earnings'));
    await narrow.getByTestId('accounting-panel').scrollIntoViewIfNeeded();
    await expectAccessible(narrow, 'accounting panel at 767 px');
    await saveScreenshot(narrow, 'accounting-panel-767');
  });
});
