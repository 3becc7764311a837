import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ORDER_TEXT } from '@gm/shared/admin/orders';
import { PAGE_READ_BUDGET } from '../../functions/src/services/admin/orders/manage-orders.ts';
import { createTestAccount, type TestAccount } from '../../scripts/test/accounts.ts';
import { seedOrderFeed } from '../../scripts/test/order-feed.ts';
import { expectAccessible, saveScreenshot } from '../../scripts/test/browser.ts';
import { at, logIn, openPage, useBrowser } from '../../scripts/test/e2e-session.ts';

/**
 * Order management (03 §2 /manage-orders, issue 11) on the real stack: a buyer pays a demo voucher
 * by card; the admin finds the order by the buyer's name, opens its details, reverses it after the
 * confirmation ('Erfolgreich!', status 'Storniert', no more 'Stornieren'); the buyer's wallet then
 * shows the voucher as storniert. Every screen passes axe; the table becomes cards at 767 px.
 */
const browser = useBrowser();
const PRODUCT_VOUCHER = 'v-alpenspa-massage';

async function call<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
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

/** The buyer pays one demo massage voucher by card (API); the webhook completes it, the stream numbers its invoice. Answers the order no. */
async function buyOne(buyer: TestAccount): Promise<string> {
  const added = await call<{ data: { id: string } }>('POST', 'order', buyer.token, {
    voucher_id: PRODUCT_VOUCHER,
    qty: 1,
  });
  expect(added.status).toBe(201);
  const paid = await call(
    'POST',
    'order/payment',
    buyer.token,
    { payment_type: 'card', payment_method: 'pm_card_visa' },
    {
      'idempotency-key': randomUUID(),
    },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  let orderNo: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await call<{ data: { id: string; order_no: string | null; invoice_no: string | null }[] }>(
          'GET',
          'order?status=completed',
          buyer.token,
        );
        const order = list.body.data.find((o) => o.id === added.body.data.id);
        // Completed, and its invoice numbered from the stream (issue 15): a reversal names it.
        orderNo = order?.invoice_no ? order.order_no : null;
        return orderNo;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return orderNo!;
}

/** Waits until a dialog's opening animation has finished (axe measures contrast on what is painted). */
async function settled(dialog: Locator) {
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Types into the search and waits until the table shows that search's answer (debounced 350 ms; the previous page stays meanwhile). */
async function search(page: Page, keyword: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/order/search') && (r.request().postData() ?? '').includes(keyword),
  );
  await page.getByTestId('admin-orders-search').fill(keyword);
  await answered;
  await page.locator('.table-scroll[aria-busy="false"]').waitFor();
}

async function adminPage(width: number): Promise<Page> {
  const page = await openPage(browser(), { width });
  await logIn(page, 'admin@example.com', 'Demo1234!', { expectPath: /\/home$/ });
  return page;
}

describe('admin order management', () => {
  it('the admin finds an order, reverses it, and the buyer’s wallet shows the voucher as storniert', async () => {
    const tag = randomUUID().slice(0, 8);
    const buyer = await createTestAccount('user', { first_name: 'Erika', last_name: `Storno${tag}` });
    const orderNo = await buyOne(buyer);

    const page = await adminPage(1280);
    // The admin menu's 'Verwalten' → 'Bestellungen' leads there.
    const header = page.getByTestId('site-header');
    const ordersLink = header.getByRole('link', { name: 'Bestellungen', exact: true });
    await expect
      .poll(
        async () => {
          if (!(await ordersLink.isVisible())) await header.getByRole('button', { name: 'Verwalten' }).click();
          await ordersLink.click({ timeout: 2000 }).catch(() => undefined);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000 },
      )
      .toBe('/manage-orders');
    await page.getByTestId('admin-orders-table').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bestellungen');

    await search(page, `storno${tag}`);
    const rows = page.getByTestId('admin-order-row');
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.locator('td[data-label="Bestellnummer"]').textContent()).toBe(orderNo);
    expect(await row.locator('td[data-label="Käufer"]').textContent()).toBe(`Erika Storno${tag}`);
    expect(await row.getByTestId('admin-order-status').textContent()).toBe(ADMIN_ORDER_TEXT.notReversed);
    expect(await row.locator('td[data-label="Zahlungsart"]').textContent()).toBe('Karte');
    expect(await row.locator('td[data-label="Bearbeitungsgebühr"]').textContent()).toMatch(/€/);
    await saveScreenshot(page, 'admin-orders-desktop');
    await expectAccessible(page, 'admin orders');

    // Details
    await row.getByTestId('admin-order-details').click();
    const modal = page.getByTestId('admin-order-modal');
    await modal.getByTestId('admin-order-voucher').waitFor();
    await settled(modal);
    await saveScreenshot(page, 'admin-order-details');
    await expectAccessible(page, 'admin order details');
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await modal.waitFor({ state: 'detached' });

    // Reverse after the confirmation
    await row.getByTestId('admin-order-reverse').click();
    const confirm = page.getByTestId('message-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(ADMIN_ORDER_TEXT.confirmReverse);
    await settled(confirm);
    await expectAccessible(page, 'admin order reverse confirmation');
    await confirm.getByRole('button', { name: ADMIN_ORDER_TEXT.reverse }).click();
    const success = page.getByTestId('message-dialog').filter({ hasText: 'Erfolgreich!' });
    await success.waitFor({ timeout: 20_000 });
    expect(await success.textContent()).toContain(ADMIN_ORDER_TEXT.reversedDone);
    await success.waitFor({ state: 'detached', timeout: 3000 });
    await expect.poll(() => row.getByTestId('admin-order-status').textContent()).toBe(ADMIN_ORDER_TEXT.reversed);
    expect(await row.getByTestId('admin-order-reverse').count()).toBe(0);

    // The details now name the Stornorechnung, which downloads as a PDF.
    await row.getByTestId('admin-order-details').click();
    const reversed = page.getByTestId('admin-order-modal');
    await reversed.getByTestId('admin-order-cancellation-pdf').waitFor();
    expect(await reversed.getByTestId('admin-order-modal-status').textContent()).toContain(ADMIN_ORDER_TEXT.reversed);
    const download = page.waitForEvent('download');
    await reversed.getByTestId('admin-order-cancellation-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/^Stornorechnung-ST-\d{4}-[A-Z2-9]{5}-\d{6}\.pdf$/);
    await reversed.getByRole('button', { name: 'Schließen' }).click();
    await reversed.waitFor({ state: 'detached' });

    // Phones: one card per order.
    await page.setViewportSize({ width: 767, height: 900 });
    await saveScreenshot(page, 'admin-orders-767');
    await expectAccessible(page, 'admin orders at 767 px');
    await page.context().close();

    // The buyer's wallet shows the voucher as storniert.
    const wallet = await openPage(browser(), { width: 1280, path: '/login' });
    await logIn(wallet, buyer.email, buyer.password, { expectPath: /\/wallet$/ });
    const card = wallet.getByTestId('wallet-list').getByTestId('wallet-card').first();
    await card.waitFor();
    expect((await card.textContent())?.toLowerCase()).toContain(ADMIN_ORDER_TEXT.voided);
    await saveScreenshot(wallet, 'admin-orders-buyer-wallet');
    await expectAccessible(wallet, 'buyer wallet with a reversed voucher');
    await wallet.context().close();
  });

  it('shows a refused reversal as Warnung! with the server message', async () => {
    const tag = randomUUID().slice(0, 8);
    const buyer = await createTestAccount('user', { first_name: 'Max', last_name: `Doppelt${tag}` });
    await buyOne(buyer);
    const admin = await call<{ token: string }>('POST', 'auth/login', null, {
      email: 'admin@example.com',
      password: 'Demo1234!',
    });
    const found = await call<{ data: { id: string }[] }>('POST', 'order/search', admin.body.token, {
      keyword: `doppelt${tag}`,
    });
    const id = found.body.data[0]!.id;

    const page = await adminPage(1280);
    await page.goto(at('/manage-orders'));
    await search(page, `doppelt${tag}`);
    const row = page.getByTestId('admin-order-row');
    expect(await row.count()).toBe(1);
    // Someone else reverses it meanwhile: the table still offers 'Stornieren', the server refuses.
    expect((await call('POST', 'order/reverse-order', admin.body.token, { id, reverse: true })).status).toBe(200);
    await row.getByTestId('admin-order-reverse').click();
    await page.getByTestId('message-dialog').getByRole('button', { name: ADMIN_ORDER_TEXT.reverse }).click();
    const warning = page.getByTestId('message-dialog').filter({ hasText: 'Warnung!' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(ADMIN_ORDER_TEXT.alreadyReversed);
    await settled(warning);
    await expectAccessible(page, 'admin order reversal refused');
    await page.context().close();
  });

  it('a keyword matching only old orders: the search stops, says so, and searches older orders on request', async () => {
    const tag = `altbestand${randomUUID().slice(0, 8)}`;
    // Two matches behind more non-matching orders than one request reads.
    const feed = await seedOrderFeed(tag, tag, { matches: 2, fillers: PAGE_READ_BUDGET + 20 });
    try {
      const page = await adminPage(1280);
      await page.goto(at('/manage-orders'));
      await page.getByTestId('admin-orders-table').waitFor();
      const answered = page.waitForResponse(
        (r) => r.url().includes('/order/search') && (r.request().postData() ?? '').includes(tag),
      );
      await page.getByTestId('admin-orders-search').fill(tag);
      await answered;
      const stopped = page.getByTestId('admin-orders-stopped');
      await stopped.waitFor();
      expect(await stopped.textContent()).toContain(ADMIN_ORDER_TEXT.searchStoppedNone);
      expect(await page.getByTestId('empty-state').count()).toBe(0);
      expect(await page.getByTestId('admin-order-row').count()).toBe(0);
      await saveScreenshot(page, 'admin-orders-search-stopped');
      await expectAccessible(page, 'admin orders search stopped');

      // Searching on (as often as the feed needs) reaches the two matches, newest first.
      const rows = page.getByTestId('admin-order-row');
      for (let shown = 1; shown <= 10 && (await rows.count()) === 0; shown++) {
        await stopped.getByRole('button', { name: ADMIN_ORDER_TEXT.searchOlder }).click();
        // The next page's answer is on screen (the page on screen stays while it loads).
        await page.locator(`[data-testid="admin-orders"][data-page="${shown + 1}"]`).waitFor();
      }
      expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')))).toEqual(feed.matchIds);
      expect(await stopped.count()).toBe(0);
      expect(await page.locator('.admin-orders__count').textContent()).toBe('2 Bestellungen');
      await saveScreenshot(page, 'admin-orders-search-older');
      await expectAccessible(page, 'admin orders older matches');
      await page.context().close();
    } finally {
      await feed.remove();
    }
  });
});
