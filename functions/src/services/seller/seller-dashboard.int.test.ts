import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { viennaDate } from '@gm/shared/dates/stats-buckets';
import { ORDER_CSV_HEADER, SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { orders } from '../../lib/deps.ts';
import type { OrderRecord } from '../../repositories/order-repository.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * Seller dashboard, orders and invoice exports against the real handlers: paid orders are created the
 * way a buyer makes them (cart, card payment at the Stripe stand-in, signed webhook, completion).
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });

async function browserCard(): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** One paid checkout of the given lines; answers the order line ids. */
async function buy(buyer: TestAccount, lines: Record<string, unknown>[]): Promise<string[]> {
  const ids: string[] = [];
  for (const body of lines) {
    const added = await api('POST', 'order', { token: buyer.token, body });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    ids.push(added.body.data.id as string);
  }
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return ids;
}

/** POST an export; it answers a presigned link (issue 12), which is then downloaded. */
const download = downloadExport;

const ymd = (at: Date) => {
  const d = viennaDate(at);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};
const sum = (list: OrderRecord[], field: 'commission' | 'processing_fee' | 'seller_net') =>
  list.reduce((s, o) => s + (o[field] ?? 0), 0);

/** A seller with a product voucher (45 €) and a value voucher, and three paid orders from two buyers. */
async function sellerWithSales() {
  const seller = await createTestAccount('seller');
  const product = testVoucher(`v-${randomUUID()}`, seller.userId, { qty_val: 4900, price_filter: 4500 });
  const value = testVoucher(`v-${randomUUID()}`, seller.userId, {
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 20000,
    qty_min: null,
    qty_max: null,
  });
  await putVouchers(product, value);
  const [buyerA, buyerB] = await Promise.all([createTestAccount('user'), createTestAccount('user')]);
  const ids = [
    ...(await buy(buyerA, [
      { voucher_id: product.id, qty: 2 },
      { voucher_id: value.id, value: 2500 },
    ])),
    ...(await buy(buyerB, [{ voucher_id: product.id, qty: 1 }])),
  ];
  await settle();
  // The stream numbers the invoices (issue 15): the lines read next carry their numbers.
  await aggregatesCaughtUp();
  const lines = (await Promise.all(ids.map((id) => orders().get(id)))) as OrderRecord[];
  for (const line of lines) expect(line.status).toBe('completed');
  return { seller, product, value, lines, buyers: [buyerA, buyerB] };
}

describe('seller dashboard and orders', () => {
  it('dashboard numbers equal the sums of the seller’s orders; the list pages newest first with a cursor', async () => {
    const { seller, lines } = await sellerWithSales();
    // Vouchers sold are units: 2 + 1 + 1 in three orders.
    const units = lines.reduce((s, o) => s + o.total_qty, 0);
    expect(units).toBe(4);
    const gross = lines.reduce((s, o) => s + o.total_amount, 0);
    const net = sum(lines, 'seller_net');
    expect(net).toBe(lines.reduce((s, o) => s + (o.total_amount - (o.commission ?? 0) - (o.processing_fee ?? 0)), 0));

    await aggregatesCaughtUp();
    const answer = await api('GET', 'order?with_stat=true', { token: seller.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { stats } = answer.body;
    expect(stats).toMatchObject({
      voucher_daily: units,
      voucher_week: units,
      voucher_month: units,
      voucher_total: units,
      weekly_voucher_sold: units,
      seller_daily_earnings: net,
      seller_weekly_earnings: net,
      seller_monthly_earnings: net,
      total_earnings: net,
      daily_redemptions: 0,
      total_redemptions: 0,
      // The payout ledger: the seller share less 20 % VAT on the commission sum (nothing invoiced yet).
      payout: {
        total_earnings_with_commission: gross,
        total_seller_earnings: net - Math.round(sum(lines, 'commission') * 0.2),
        waiting_for_payout: net - Math.round(sum(lines, 'commission') * 0.2),
      },
      isPayoutEnabled: false,
    });
    const settings = await api('GET', `user-settings/by-user?user_id=${seller.userId}`, { token: seller.token });
    expect(stats.payout.payout_every).toBe(settings.body.data.payout_schedule);
    expect(stats.payout.days_until_next_payout).toBeGreaterThanOrEqual(1);
    expect(stats.payout.days_until_next_payout).toBeLessThanOrEqual(stats.payout.payout_every);
    // The list's total counts orders (it pages them).
    expect(answer.body).toMatchObject({ total: 3, per_page: 9, current_page: 1, last_page: 1, next_cursor: null });
    // One definition: the CSV of the same period sums 'Menge' to the dashboard's 'Verkaufte Gutscheine'.
    const today = ymd(new Date());
    const csv = new TextDecoder()
      .decode((await download(seller.token, 'seller-invoice/download-order-csv', { from: today, to: today })).bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((row) => row.split(';'));
    const qtyColumn = ORDER_CSV_HEADER.indexOf('Menge');
    expect(csv.slice(1).reduce((s, row) => s + Number(row[qtyColumn]), 0)).toBe(stats.voucher_daily);
    expect(answer.body.data.map((o: { id: string }) => o.id)).toEqual(
      [...lines].sort((a, b) => (b.completed_at! + b.id).localeCompare(a.completed_at! + a.id)).map((o) => o.id),
    );
    const first = answer.body.data.find((o: { id: string }) => o.id === lines[0]!.id);
    expect(first).toMatchObject({
      order_no: lines[0]!.order_no,
      invoice_no: lines[0]!.invoice_no,
      channel: 'marketplace',
      reversed: false,
      buyer: expect.stringContaining('Test'),
      commission: lines[0]!.commission,
      seller_net: lines[0]!.seller_net,
    });

    // Two per page: a cursor leads to the rest, and no further.
    const page1 = await api('GET', 'order?paginate=2', { token: seller.token });
    expect(page1.body).toMatchObject({ total: 3, last_page: 2 });
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await api(
      'GET',
      `order?paginate=2&page=2&cursor=${encodeURIComponent(page1.body.next_cursor)}&withRedemptions=true`,
      { token: seller.token },
    );
    expect(page2.status, JSON.stringify(page2.body)).toBe(200);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0].redemptions).toEqual([]);
    expect(page2.body.next_cursor).toBeNull();
    expect([...page1.body.data, ...page2.body.data].map((o: { id: string }) => o.id)).toEqual(
      answer.body.data.map((o: { id: string }) => o.id),
    );
  });

  it('a seller cannot read another seller’s orders, statistics or exports; a forged cursor is refused', async () => {
    const { seller, lines } = await sellerWithSales();
    const other = await createTestAccount('seller');
    expect((await api('GET', `order?seller_id=${seller.userId}`, { token: other.token })).status).toBe(403);
    expect((await api('GET', `order?with_stat=true&seller_id=${seller.userId}`, { token: other.token })).status).toBe(
      403,
    );
    const own = await api('GET', 'order?with_stat=true', { token: other.token });
    expect(own.body).toMatchObject({ data: [], total: 0, stats: { voucher_total: 0, total_earnings: 0 } });

    // A cursor of seller A's partition does not open it for seller B.
    const page1 = await api('GET', 'order?paginate=1', { token: seller.token });
    const forged = await api('GET', `order?paginate=1&cursor=${encodeURIComponent(page1.body.next_cursor)}`, {
      token: other.token,
    });
    expect(forged.status).toBe(422);
    expect((await api('GET', 'order?cursor=kaputt', { token: seller.token })).status).toBe(422);

    const today = ymd(new Date());
    const range = { from: today, to: today };
    expect(
      (await download(other.token, 'seller-invoice/download-order-csv', { ...range, seller_id: seller.userId })).status,
    ).toBe(403);
    expect(
      (
        await download(other.token, 'seller-invoice/download-buyer-pdf-invoices', {
          ...range,
          seller_id: seller.userId,
        })
      ).status,
    ).toBe(403);
    // Their own export holds none of A's orders.
    const csv = new TextDecoder().decode(
      (await download(other.token, 'seller-invoice/download-order-csv', range)).bytes,
    );
    for (const line of lines) expect(csv).not.toContain(line.order_no!);
    const none = await api('POST', 'seller-invoice/download-buyer-pdf-invoices', { token: other.token, body: range });
    expect(none).toMatchObject({ status: 404, body: { message: SELLER_TEXT.noInvoices } });
    // Buyers have no exports.
    const buyer = await createTestAccount('user');
    expect((await api('POST', 'seller-invoice/download-order-csv', { token: buyer.token, body: range })).status).toBe(
      403,
    );
    // An admin may name the seller.
    const admin = await createTestAccount('admin');
    const asAdmin = await download(admin.token, 'seller-invoice/download-order-csv', {
      ...range,
      seller_id: seller.userId,
    });
    expect(asAdmin.status).toBe(200);
    expect(new TextDecoder().decode(asAdmin.bytes)).toContain(lines[0]!.order_no!);
    // The order count is an aggregate (stats aggregator, issue 15): read it once the stream is through.
    await aggregatesCaughtUp();
    expect((await api('GET', `order?seller_id=${seller.userId}`, { token: admin.token })).body.total).toBe(3);
  });

  it('the zip holds one PDF per invoice of the period and the CSV rows match the orders', async () => {
    const { seller, lines, product } = await sellerWithSales();
    // The statistics page (/vouchers/statistic/{id}) reads the voucher's running numbers (aggregates, issue 15).
    await aggregatesCaughtUp();
    const voucherStats = await api('GET', `voucher/${product.id}?with_stat=true`, { token: seller.token });
    expect(voucherStats.body.stats).toMatchObject({ sold_count: 2, sold_qty: 3, gross: 3 * 4500 });
    const today = ymd(new Date());
    const zipped = await download(seller.token, 'seller-invoice/download-buyer-pdf-invoices', {
      from: today,
      to: today,
      zip: true,
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toContain(
      `attachment; filename="Rechnungen_${today}_${today}.zip"`,
    );
    expect(zipped.headers.get('cache-control')).toBe('no-store');
    expect(zipped.link).toMatchObject({ expires_in: 300, filename: `Rechnungen_${today}_${today}.zip` });
    const files = unzipSync(zipped.bytes);
    expect(Object.keys(files).sort()).toEqual(lines.map((l) => `Rechnung-${l.invoice_no}.pdf`).sort());
    for (const pdf of Object.values(files)) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(0);
    }
    // zip: false merges them into one PDF.
    const merged = await download(seller.token, 'seller-invoice/download-buyer-pdf-invoices', {
      from: today,
      to: today,
      zip: false,
    });
    expect(merged.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(merged.bytes)).getPageCount()).toBeGreaterThanOrEqual(lines.length);

    const csvAnswer = await download(seller.token, 'seller-invoice/download-order-csv', { from: today, to: today });
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.headers.get('content-disposition')).toContain(
      `attachment; filename="Bestellungen_${today}_${today}.csv"`,
    );
    const rows = new TextDecoder()
      .decode(csvAnswer.bytes)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((row) => row.split(';'));
    expect(rows[0]).toEqual([...ORDER_CSV_HEADER]);
    expect(rows).toHaveLength(lines.length + 1);
    const euro = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    for (const line of lines) {
      const row = rows.find((r) => r[0] === line.order_no)!;
      expect(row).toBeDefined();
      expect(row[1]).toBe(line.invoice_no);
      expect(row[5]).toBe('Marktplatz');
      expect(row[8]).toBe(euro(line.total_amount));
      expect(row[10]).toBe(euro(line.commission!));
      expect(row[11]).toBe(euro(line.processing_fee!));
      expect(row[12]).toBe(euro(line.seller_net!));
      expect(row[13]).toBe('abgeschlossen');
    }

    // A period before the sales holds nothing.
    const before = await api('POST', 'seller-invoice/download-buyer-pdf-invoices', {
      token: seller.token,
      body: { from: '2020-01-01', to: '2020-01-31' },
    });
    expect(before.status).toBe(404);
    const emptyCsv = new TextDecoder().decode(
      (await download(seller.token, 'seller-invoice/download-order-csv', { from: '2020-01-01', to: '2020-01-31' }))
        .bytes,
    );
    expect(
      emptyCsv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('validates the date range with German messages', async () => {
    const seller = await createTestAccount('seller');
    const missing = await api('POST', 'seller-invoice/download-order-csv', {
      token: seller.token,
      body: { from: '2026-11-01' },
    });
    expect(missing).toMatchObject({ status: 422, body: { errors: { to: ['Dieses Feld muss ausgefüllt werden'] } } });
    const reversed = await api('POST', 'seller-invoice/download-buyer-pdf-invoices', {
      token: seller.token,
      body: { from: '2026-11-30', to: '2026-11-01' },
    });
    // 03 §5: an end before the start is refused on the end date with the spec's text.
    expect(reversed).toMatchObject({ status: 422, body: { errors: { to: ['Bitte gib ein gültiges Datum ein'] } } });
    const bogus = await api('POST', 'seller-invoice/download-order-csv', {
      token: seller.token,
      body: { from: '2026-02-30', to: '2026-03-01' },
    });
    expect(bogus.status).toBe(422);
    expect(bogus.body.errors.from).toEqual(['Bitte gib ein gültiges Datum ein']);
    const tooLong = await api('POST', 'seller-invoice/download-order-csv', {
      token: seller.token,
      body: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(tooLong).toMatchObject({ status: 422, body: { errors: { to: [SELLER_TEXT.rangeTooLong] } } });
  });
});
