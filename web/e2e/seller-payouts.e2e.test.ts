import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatEuro } from '@gm/shared/money/money';
import { TRANSFER_STATUS_LABEL, type SellerInvoicePage } from '@gm/shared/payouts/contracts';
import type { SellerOrdersResponse } from '@gm/shared/seller/dashboard';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { backdateCompletion } from '../../scripts/test/backdate-sale.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';
import { enablePayouts, topUpBalance } from '../../scripts/test/payout-sales.ts';
import { sellerWithPayoutAccount } from '../../scripts/test/payout-seller.ts';
import { putVouchers, testVoucher } from '../../scripts/test/test-vouchers.ts';

/**
 * The seller's side of payouts (issue 12) on the real stack: a buyer pays two vouchers of a new
 * seller (payouts enabled at the Stripe stand-in) by card, an admin runs the payout for that seller
 * ('Jetzt abrechnen', POST seller-invoice), which issues the Gutschrift and transfers the payout;
 * the seller finds the Gutschrift on /orders-earnings under 'Abrechnungen & Auszahlungen' with its
 * payout and 'Überwiesen', downloads its PDF, and sees the same paid and waiting figures there as on
 * the dashboard. Every screen passes axe; the table becomes cards at 767 px.
 */
const browser = useBrowser();
const UNIT = 4900;
const UNITS = 2;
/** A payout period ends five minutes before the run (docs/decisions/payouts.md). */
const BEFORE_THE_PERIOD_END = 10 * 60_000;

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
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The buyer pays UNITS of the voucher in one order by card (API); the webhook completes it. Answers the order id. */
async function buy(buyer: TestAccount, voucherId: string, seller: TestAccount): Promise<string> {
  const added = await call<{ data: { id: string } }>('POST', 'order', buyer.token, {
    voucher_id: voucherId,
    qty: UNITS,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await call(
    'POST',
    'order/payment',
    buyer.token,
    { payment_type: 'card', payment_method: 'pm_card_visa' },
    { 'idempotency-key': randomUUID() },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await expect
    .poll(
      async () =>
        (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', seller.token)).body.stats?.voucher_total,
      { timeout: 30_000 },
    )
    .toBe(UNITS);
  return added.body.data.id;
}

const dashboardOf = async (seller: TestAccount) =>
  (await call<SellerOrdersResponse>('GET', 'order?with_stat=true', seller.token)).body.stats!;

/** Opens /orders-earnings and waits for the Gutschriften and the payout figures. */
async function openPayouts(page: Page): Promise<void> {
  await page.goto(at('/orders-earnings'));
  const section = page.getByTestId('seller-payouts');
  await section.getByTestId('seller-invoice-row').first().waitFor();
  await section.getByTestId('payouts-waiting').waitFor();
}

describe('seller payouts', () => {
  it('the seller sees the Gutschrift of an admin-run payout, downloads its PDF, and the same waiting payout as on the dashboard', async () => {
    const seller = await sellerWithPayoutAccount();
    await enablePayouts(seller.userId, seller.email);
    await topUpBalance(10_000_000);
    const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, { qty_val: UNIT, price_filter: UNIT });
    await putVouchers(voucher);
    const buyer = await createTestAccount('user');
    const orderId = await buy(buyer, voucher.id, seller);
    await backdateCompletion(orderId, BEFORE_THE_PERIOD_END);
    const before = await dashboardOf(seller);
    expect(before.payout.waiting_for_payout).toBeGreaterThan(0);

    // Before any payout the section says so.
    const page = await openPage(browser(), { width: 1280 });
    await logIn(page, seller.email, seller.password, { expectPath: /\/home$/ });
    await page.goto(at('/orders-earnings'));
    const section = page.getByTestId('seller-payouts');
    await section.getByText('Noch keine Daten vorhanden.').waitFor();
    expect(await section.getByTestId('payouts-waiting').textContent()).toBe(
      formatEuro(before.payout.waiting_for_payout),
    );

    // The admin runs the payout for this seller now ('Jetzt abrechnen').
    const admin = await createTestAccount('admin');
    const run = await call('POST', 'seller-invoice', admin.token, { seller_id: seller.userId });
    expect(run.status, JSON.stringify(run.body)).toBeLessThan(300);
    const listed = await call<SellerInvoicePage>('GET', 'seller-invoice', seller.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const invoice = listed.body.data[0]!;
    expect(invoice.seller_id).toBe(seller.userId);
    expect(invoice.line_count).toBe(1);
    expect(invoice.gross).toBe(UNITS * UNIT);
    // What waited is what the Gutschrift pays (one ledger for both), and Stripe transferred it.
    expect(invoice.payout).toBe(before.payout.waiting_for_payout);
    expect(invoice.transfer_status).toBe('paid');
    const after = await dashboardOf(seller);
    expect(after.payout.waiting_for_payout).toBe(0);
    expect(after.payout.total_seller_earnings).toBe(invoice.payout);

    await openPayouts(page);
    const row = section.getByTestId('seller-invoice-row');
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('seller-invoice-no').textContent()).toBe(invoice.invoice_no);
    expect(await row.getByTestId('seller-invoice-payout').textContent()).toBe(formatEuro(invoice.payout));
    expect(await row.getByTestId('seller-invoice-transfer').textContent()).toBe(TRANSFER_STATUS_LABEL.paid);
    expect(await section.getByTestId('payouts-waiting').textContent()).toBe(
      formatEuro(after.payout.waiting_for_payout),
    );
    expect(await section.getByTestId('payouts-paid-out').textContent()).toBe(formatEuro(invoice.payout));
    await expectAccessible(page, 'orders & earnings with a Gutschrift');
    await saveScreenshot(page, 'seller-payouts-desktop');

    // The Gutschrift's PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('seller-invoice-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Gutschrift-${invoice.invoice_no}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The dashboard shows the same waiting payout.
    await page.goto(at('/home'));
    await page.getByTestId('dash-waiting-payout').waitFor();
    expect(await page.getByTestId('dash-waiting-payout').textContent()).toBe(
      formatEuro(after.payout.waiting_for_payout),
    );
    expect(await page.getByTestId('dash-total-payout').textContent()).toBe(
      formatEuro(after.payout.total_seller_earnings),
    );

    // At 767 px each Gutschrift is a card with its column names.
    const phone = await openPage(browser(), { width: 767 });
    await logIn(phone, seller.email, seller.password, { expectPath: /\/home$/ });
    await openPayouts(phone);
    const card = phone.getByTestId('seller-invoice-row').first();
    expect(await card.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(phone, 'orders & earnings with a Gutschrift (767 px)');
    await saveScreenshot(phone, 'seller-payouts-767');
  });
});
