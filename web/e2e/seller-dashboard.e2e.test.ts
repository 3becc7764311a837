import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { viennaDate } from '@gm/shared/dates/stats-buckets';
import { formatEuro } from '@gm/shared/money/money';
import type { SellerOrdersResponse } from '@gm/shared/seller/dashboard';
import { saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * The demo seller's dashboard and 'Bestellungen' (02 §2) on the real stack: after a buyer's card
 * payment the dashboard shows the numbers the API computes from the stats items, the order is in the
 * orders table, and the order CSV of today downloads with the dates in its name.
 */
const browser = useBrowser();
const SELLER = { email: 'seller@example.com', password: 'Demo1234!' };
const BUYER = { email: 'buyer@example.com', password: 'Demo1234!' };
const PRODUCT_VOUCHER = 'v-alpenspa-massage';

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

const today = () => {
  const d = viennaDate(new Date());
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/** The buyer buys one massage voucher by card (API), and the sale is completed by the webhook. */
async function buyOne(sellerToken: string): Promise<SellerOrdersResponse> {
  const before = (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', sellerToken)).body.stats!
    .voucher_total;
  const buyer = await login(BUYER);
  expect((await call('POST', 'order', buyer, { voucher_id: PRODUCT_VOUCHER, qty: 1 })).status).toBe(201);
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
    .toBeGreaterThan(before);
  return (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', sellerToken)).body;
}

describe('seller dashboard and orders', () => {
  it('the demo seller sees the dashboard numbers and downloads the order CSV for a date range', async () => {
    const sellerToken = await login(SELLER);
    const answer = await buyOne(sellerToken);
    const stats = answer.stats!;
    const newest = answer.data[0]!;

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
    expect(await page.getByTestId('dash-next-payout').textContent()).toMatch(
      new RegExp(`^in ${stats.payout.days_until_next_payout} Tag`),
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
    await saveScreenshot(page, 'seller-dashboard-desktop');

    // 'Bestellungen': the order is in the table; the export waits for both dates.
    await page.goto(at('/orders-earnings'));
    const rows = page.getByTestId('seller-order-row');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain(newest.order_no!);
    const csvButton = page.getByTestId('export-csv');
    expect(await csvButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('export-pdf').isDisabled()).toBe(true);
    await page.getByTestId('export-from').fill(today());
    expect(await csvButton.isDisabled()).toBe(true);
    await page.getByTestId('export-to').fill(today());
    expect(await csvButton.isDisabled()).toBe(false);
    await saveScreenshot(page, 'seller-orders-earnings-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    expect(download.suggestedFilename()).toBe(`Bestellungen_${today()}_${today()}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Bestellnummer;Rechnungsnummer');
    expect(csv).toContain(newest.order_no!);

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
    expect(zip.suggestedFilename()).toBe(`Rechnungen_${today()}_${today()}.zip`);

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
