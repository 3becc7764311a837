import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { viennaDate } from '@gm/shared/dates/stats-buckets';
import { formatEuro } from '@gm/shared/money/money';
import type { SellerOrdersResponse } from '@gm/shared/seller/dashboard';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * The demo seller's dashboard and 'Bestellungen' (02 §2) on the real stack: after a buyer's card
 * payment of two massages the dashboard shows the numbers the API computes from the stats items
 * ('Verkaufte Gutscheine' counts vouchers: two more), the order is in the orders table with its
 * quantity, an end date before the start is refused on 'Bis', and the order CSV of today downloads
 * with the dates in its name and the same quantity.
 */
const browser = useBrowser();
const SELLER = { email: 'seller@example.com', password: 'Demo1234!' };
const BUYER = { email: 'buyer@example.com', password: 'Demo1234!' };
const PRODUCT_VOUCHER = 'v-alpenspa-massage';
/** Units bought in one order: 'Verkaufte Gutscheine' counts them, as the CSV's 'Menge' does. */
const UNITS = 2;

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

const viennaDay = (date: Date) => {
  const d = viennaDate(date);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};
const today = () => viennaDay(new Date());

/** The buyer buys UNITS massage vouchers in one order by card (API); the webhook completes the sale. */
async function buyUnits(sellerToken: string): Promise<{ before: SellerOrdersResponse; after: SellerOrdersResponse }> {
  const before = (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', sellerToken)).body;
  const buyer = await login(BUYER);
  expect((await call('POST', 'order', buyer, { voucher_id: PRODUCT_VOUCHER, qty: UNITS })).status).toBe(201);
  const paid = await call(
    'POST',
    'order/payment',
    buyer,
    { payment_type: 'card', payment_method: 'pm_card_visa' },
    { 'idempotency-key': randomUUID() },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await expect
    .poll(
      async () =>
        (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', sellerToken)).body.stats!.voucher_total,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(before.stats!.voucher_total);
  return { before, after: (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', sellerToken)).body };
}

describe('seller dashboard and orders', () => {
  it('the demo seller sees the dashboard numbers and downloads the order CSV for a date range', async () => {
    const sellerToken = await login(SELLER);
    const { before, after: answer } = await buyUnits(sellerToken);
    const stats = answer.stats!;
    const newest = answer.data[0]!;
    // One order of two vouchers: 'Verkaufte Gutscheine' (total and today) grows by the units, as the CSV's 'Menge'.
    expect(newest.total_qty).toBe(UNITS);
    expect(stats.voucher_total - before.stats!.voucher_total).toBe(UNITS);
    expect(stats.voucher_daily - before.stats!.voucher_daily).toBe(UNITS);

    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, SELLER.email, SELLER.password, { expectPath: /\/home$/ });
    const dashboard = page.getByTestId('seller-dashboard');
    await dashboard.getByTestId('dash-sold-total').waitFor();
    expect(await page.getByTestId('dash-sold-total').textContent()).toBe(String(stats.voucher_total));
    expect(await page.getByTestId('dash-total-payout').textContent()).toBe(
      formatEuro(stats.payout.total_seller_earnings),
    );
    expect(await page.getByTestId('dash-waiting-payout').textContent()).toBe(
      formatEuro(stats.payout.waiting_for_payout),
    );
    // 0 days: the seller is due and the next daily run pays ('heute').
    const days = stats.payout.days_until_next_payout;
    expect(await page.getByTestId('dash-next-payout').textContent()).toBe(
      days <= 0 ? 'heute' : days === 1 ? 'in 1 Tag' : `in ${days} Tagen`,
    );
    expect(await page.getByTestId('dash-payout-every').textContent()).toBe(`alle ${stats.payout.payout_every} Tage`);
    expect(Number(await page.getByTestId('dash-today-sales').textContent())).toBe(stats.voucher_daily);
    expect(Number(await page.getByTestId('dash-today-sales').textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('dash-today-earnings').textContent()).toBe(formatEuro(stats.seller_daily_earnings));
    expect(await page.getByTestId('dash-month-earnings').textContent()).toBe(formatEuro(stats.seller_monthly_earnings));
    expect(await page.getByTestId('dash-orders').textContent()).toContain(newest.order_no!);
    // Payout not enabled for the demo seller unless the seed says so: the banner links to the verification tab.
    if (!stats.isPayoutEnabled)
      expect(await page.getByTestId('documents-banner').getByRole('link').getAttribute('href')).toBe(
        '/profile-info?currentTab=2',
      );
    // The figure and its label: vouchers sold, in the total and in today's card.
    const labelOf = (testId: string) => page.getByTestId(testId).locator('xpath=preceding-sibling::dt').textContent();
    expect(await labelOf('dash-sold-total')).toBe('Verkaufte Gutscheine');
    expect(await labelOf('dash-today-sales')).toBe('Verkaufte Gutscheine');
    await expectAccessible(page, 'seller dashboard');
    await saveScreenshot(page, 'seller-dashboard-desktop');

    // 'Bestellungen': the order is in the table; the export waits for both dates.
    await page.goto(at('/orders-earnings'));
    const rows = page.getByTestId('seller-order-row');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain(newest.order_no!);
    expect(await rows.first().getByTestId('seller-order-qty').textContent()).toBe(String(UNITS));
    await page.getByTestId('redemptions-table').or(page.getByText('Noch keine Daten vorhanden.').last()).waitFor();
    await expectAccessible(page, 'orders & earnings');
    const csvButton = page.getByTestId('export-csv');
    expect(await csvButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('export-pdf').isDisabled()).toBe(true);
    await page.getByTestId('export-from').fill(today());
    expect(await csvButton.isDisabled()).toBe(true);

    // An end before the start (03 §5) is refused on 'Bis', in the form; nothing is asked of the server.
    const exports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/seller-invoice/')) exports.push(request.url());
    });
    const yesterday = viennaDay(new Date(Date.now() - 86_400_000));
    await page.getByTestId('export-to').fill(yesterday);
    const toField = page
      .getByTestId('invoice-export')
      .locator('.field')
      .filter({ has: page.getByTestId('export-to') });
    await toField.getByText('Bitte gib ein gültiges Datum ein').waitFor();
    expect(await page.getByTestId('export-to').getAttribute('aria-invalid')).toBe('true');
    await csvButton.click();
    await page.waitForTimeout(300);
    expect(exports).toEqual([]);
    await expectAccessible(page, 'orders & earnings (export range refused)');

    await page.getByTestId('export-to').fill(today());
    expect(await csvButton.isDisabled()).toBe(false);
    await expect.poll(() => toField.getByText('Bitte gib ein gültiges Datum ein').count()).toBe(0);
    await saveScreenshot(page, 'seller-orders-earnings-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    expect(download.suggestedFilename()).toBe(`Bestellungen_${today()}_${today()}.csv`);
    // Issue 12: the file comes from the private bucket by a 5-minute presigned link.
    expect(download.url()).toMatch(/\/exports\/.+\.csv\?.*X-Amz-Expires=300/);
    const csv = await readFile((await download.path())!, 'utf8');
    const header = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(';');
    expect(header.slice(0, 2)).toEqual(['Bestellnummer', 'Rechnungsnummer']);
    const line = csv.split('\r\n').find((row) => row.startsWith(newest.order_no!));
    expect(line, csv).toBeDefined();
    // The CSV counts the order's vouchers the way the dashboard does.
    expect(line!.split(';')[header.indexOf('Menge')]).toBe(String(UNITS));

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
    expect(zip.suggestedFilename()).toBe(`Rechnungen_${today()}_${today()}.zip`);
    expect(zip.url()).toMatch(/\/exports\/.+\.zip\?/);

    // Narrow screen: the same page stays usable.
    const mobile = await openPage(browser(), { width: 375 });
    await logIn(mobile, SELLER.email, SELLER.password, { expectPath: /\/home$/ });
    await mobile.getByTestId('dash-sold-total').waitFor();
    await saveScreenshot(mobile, 'seller-dashboard-mobile');
    await mobile.goto(at('/orders-earnings'));
    await mobile.getByTestId('seller-order-row').first().waitFor();
    await saveScreenshot(mobile, 'seller-orders-earnings-mobile');
  });
});
