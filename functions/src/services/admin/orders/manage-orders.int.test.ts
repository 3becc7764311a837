import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { giftVoucherRequestSchema } from '@gm/shared/wallet/gift';
import { ADMIN_ORDER_TEXT } from '@gm/shared/admin/orders';
import { createTestAccount, type TestAccount } from '../../../../../scripts/test/accounts.ts';
import { api, sentMails, drainMailQueue } from '../../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../../lib/clients.ts';
import { env } from '../../../lib/env.ts';
import {
  appUrl,
  audit as auditEntries,
  clock,
  companies,
  coupons,
  gifts,
  mailQueue,
  mediaReader,
  newId,
  orderAdmin,
  sellerMails,
  orders,
  paymentRecords,
  templates,
  transfers,
  users,
  userVouchers,
  vouchers,
  log,
  metrics,
} from '../../../lib/deps.ts';
import { payments } from '../../../lib/deps/payments.ts';
import { giftKeys } from '../../../repositories/gift-repository.ts';
import { adjustmentKeys, cancellationKeys } from '../../../repositories/order-admin-repository.ts';
import { giveGift, type GiftDeps } from '../../gifts/gift-voucher.ts';
import { refundKey, reverseOrder, type ReverseDeps } from './reverse-order.ts';
import { aggregatesCaughtUp } from '../../../../../scripts/test/aggregates.ts';

/**
 * Admin order management (issue 11) through the real local API and the Stripe stand-in: the
 * /manage-orders search, order details, pending wallets, admin cart-line delete and the reversal
 * (refund once, vouchers voided, gap-free Stornorechnung, partial redemption, refusals).
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });
const year = () => new Intl.DateTimeFormat('en', { timeZone: 'Europe/Vienna', year: 'numeric' }).format(new Date());

async function counterValue(sellerId: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: env().TABLE_NAME,
      Key: cancellationKeys.counter(sellerId, year()),
      ConsistentRead: true,
    }),
  );
  return (Item?.value as number | undefined) ?? 0;
}

async function refundsOf(paymentIntentId: string): Promise<{ id: string; amount: number }[]> {
  const answer = await fetch(`${standIn()}/__test/events?type=refund.created&object=${paymentIntentId}`);
  const { data } = (await answer.json()) as { data: { data: { object: { id: string; amount: number } } }[] };
  return data.map((e) => e.data.object);
}

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

/** A buyer pays one line by card; answers the completed order line's id. */
async function buy(buyer: TestAccount, body: Record<string, unknown>): Promise<string> {
  const added = await api('POST', 'order', { token: buyer.token, body });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  const line = await orders().get(added.body.data.id as string);
  expect(line?.status).toBe('completed');
  // The stream numbers the line's invoice (issue 15); the Stornorechnung names it.
  await aggregatesCaughtUp();
  return line!.id;
}

let admin: TestAccount;
let seller: TestAccount;
let product: ReturnType<typeof testVoucher>;
let valueVoucher: ReturnType<typeof testVoucher>;

beforeAll(async () => {
  [admin, seller] = await Promise.all([
    createTestAccount('admin'),
    createTestAccount('seller', { is_activated: true, first_name: 'Sel', last_name: 'Ler' }),
  ]);
  const company = { name: `Firma ${randomUUID().slice(0, 6)}`, logo: null, region: null, url: null };
  product = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: 4900,
    price_filter: 4500,
    seller: { id: seller.userId, username: `seller-${seller.userId}`, company },
  });
  valueVoucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 50000,
    qty_min: null,
    qty_max: null,
    tax: [{ tax: 20, label: 'Leistung', value: 1000 }],
  });
  await putVouchers(product, valueVoucher);
});

const reverse = (id: string, token = admin.token) =>
  api('POST', 'order/reverse-order', { token, body: { id, reverse: true } });

describe('/manage-orders search and details', () => {
  it('finds orders by keyword with the columns of 03 §2, pages by 10 with a cursor, and shows the details', async () => {
    const tag = randomUUID().slice(0, 8);
    const buyer = await createTestAccount('user', { first_name: 'Kim', last_name: `Käufer${tag}` });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await buy(buyer, { voucher_id: product.id, qty: 1 }));

    const first = await api('POST', 'order/search', {
      token: admin.token,
      body: { keyword: `Käufer${tag}`.toUpperCase(), status: 'completed', paginate: 10, page: 1 },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ total: 11, per_page: 10, current_page: 1, last_page: 2, from: 1, to: 10 });
    expect(first.body.data).toHaveLength(10);
    const row = first.body.data[0];
    expect(row).toMatchObject({
      id: ids[10],
      user_name: `Kim Käufer${tag}`,
      seller_name: (product.seller as { company: { name: string } }).company.name,
      voucher_title: product.title,
      total_sales: 4500,
      channel: 'marketplace',
      reversed: false,
      p_type: 'stripe',
      // card 1.5 % + 0,25 € of total_amount (product voucher) = 67.5 → 68 + 25
      processing_fee: 93,
    });
    expect(typeof row.commission).toBe('number');
    expect(row.order_no).toMatch(/^GM-/);

    const next = new URL(first.body.next_page_url as string);
    expect(next.searchParams.get('cursor')).toBeTruthy();
    const second = await api('POST', `order/search${next.search}`, {
      token: admin.token,
      body: { keyword: `käufer${tag}` },
    });
    expect(second.body).toMatchObject({ current_page: 2, from: 11, to: 11, next_page_url: null });
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    // Page 2 without the cursor walks there.
    const walked = await api('POST', 'order/search', {
      token: admin.token,
      body: { keyword: `käufer${tag}`, page: 2 },
    });
    expect(walked.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);

    // A forged cursor is refused; the buyer's own search is unchanged (their own orders only).
    expect((await api('POST', 'order/search?cursor=eyJ4IjoxfQ', { token: admin.token, body: {} })).status).toBe(422);
    const own = await api('POST', 'order/search', { token: buyer.token, body: { status: 'completed' } });
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(11);

    const details = await api('GET', `order/${ids[0]}`, { token: admin.token });
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({
      id: ids[0],
      status: 'completed',
      buyer_email: buyer.email,
      invoice_no: expect.stringMatching(/^RE-/),
      payment: { status: 'succeeded', amount: 4500 },
      vouchers: [{ status: 'active', remaining_qty: 1 }],
    });
    expect((await api('GET', `order/${ids[0]}`, { token: buyer.token })).status).toBe(403);
  });

  it("answers the whole feed's total from the aggregator's row count, and a whole order number by key", async () => {
    const tag = `Zähler${randomUUID().slice(0, 8)}`;
    const buyer = await createTestAccount('user', { first_name: 'Zoe', last_name: tag });
    const search = (body: Record<string, unknown>, query = '') =>
      api('POST', `order/search${query}`, { token: admin.token, body: { status: 'completed', paginate: 10, ...body } });
    await aggregatesCaughtUp();
    const before = (await search({})).body.total as number;
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    await buy(buyer, { voucher_id: product.id, qty: 1 });
    await buy(buyer, { voucher_id: product.id, qty: 1 });
    await aggregatesCaughtUp();

    // No keyword: `total` is PLATFORM#STATS/ROWS `orders` (one GetItem), three more after three sales.
    // (Compared as a difference: the int files share one table, and stats-aggregator.int.test feeds
    // the aggregator records that have no rows.)
    const first = await search({});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).not.toHaveProperty('total_exact');
    expect(first.body.total).toBe(before + 3);
    const counter = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: 'PLATFORM#STATS', SK: 'ROWS' } }),
    );
    expect(first.body.total).toBe(counter.Item?.orders);
    expect(first.body.last_page).toBe(Math.max(1, Math.ceil(first.body.total / 10)));

    // The buyer's name: counted ahead within the budget; the feed ends within it here, so the total
    // is exact, and walking the pages finds exactly that many rows.
    const byName = await search({ keyword: tag, paginate: 2 });
    expect(byName.body).toMatchObject({ total: 3, last_page: 2 });
    expect(byName.body).not.toHaveProperty('total_exact');
    let rows = byName.body.data.length;
    for (let url = byName.body.next_page_url as string | null; url;) {
      const page = await search({ keyword: tag, paginate: 2 }, new URL(url).search);
      expect(page.body.total).toBe(3);
      rows += page.body.data.length;
      url = page.body.next_page_url;
    }
    expect(rows).toBe(3);

    // A whole order number (any case): that order by key, exact.
    const orderNo = (await orders().get(id))!.order_no as string;
    const byNumber = await api('POST', 'order/search', {
      token: admin.token,
      body: { keyword: ` ${orderNo.toLowerCase()} `, status: 'completed' },
    });
    expect(byNumber.body).toMatchObject({ total: 1, last_page: 1, next_page_url: null, from: 1, to: 1 });
    expect(byNumber.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    // A number no order has: the text search finds nothing.
    const unknown = await api('POST', 'order/search', { token: admin.token, body: { keyword: 'GM-1999-000001' } });
    expect(unknown.body).toMatchObject({ total: 0, data: [], next_page_url: null });
  });
});

describe('pending carts', () => {
  it('GET wallets lists a user’s cart lines; DELETE order/{id} deletes a pending line as admin, never a completed one', async () => {
    const buyer = await createTestAccount('user');
    const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: product.id, qty: 2 } });
    const wallets = await api('GET', `wallets?user_id=${buyer.userId}&status=pending`, { token: admin.token });
    expect(wallets.status).toBe(200);
    expect(wallets.body.data.map((l: { id: string }) => l.id)).toEqual([added.body.data.id]);
    expect((await api('GET', `wallets?user_id=${buyer.userId}`, { token: buyer.token })).status).toBe(403);
    expect((await api('GET', 'wallets', { token: admin.token })).status).toBe(422);

    expect((await api('DELETE', `order/${added.body.data.id}`, { token: admin.token })).status).toBe(200);
    expect(await orders().get(added.body.data.id)).toBeUndefined();

    const completed = await buy(buyer, { voucher_id: product.id, qty: 1 });
    const refused = await api('DELETE', `order/${completed}`, { token: admin.token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Abgeschlossene Bestellungen können nicht gelöscht werden.');
    expect((await orders().get(completed))?.status).toBe('completed');
  });
});

describe('reversal', () => {
  it('refunds exactly once under 20 concurrent calls, voids the voucher, issues one Stornorechnung and mails it', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 2 });
    const before = await counterValue(product.seller_id);
    const since = Math.floor(Date.now() / 1000) - 1;
    const answers = await Promise.all(Array.from({ length: 20 }, () => reverse(id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok, JSON.stringify(answers.map((a) => [a.status, a.body?.message]))).toHaveLength(1);
    expect(answers.every((a) => [200, 409, 422].includes(a.status))).toBe(true);
    expect(ok[0]!.body.data).toMatchObject({ reversed: true, refunded: 9000 });

    const order = await orderAdmin().get(id);
    expect(order).toMatchObject({ reversed: true, refunded_amount: 9000 });
    const payment = await paymentRecords().get(order!.payment_id!);
    expect(await refundsOf(payment!.stripe_payment_intent_id!)).toHaveLength(1);
    expect(await counterValue(product.seller_id)).toBe(before + 1);
    const uv = await userVouchers().get(order!.user_voucher_ids![0]!);
    expect(uv?.status).toBe('reversed');
    const invoice = await orders().getInvoice(order!.cancellation_invoice_no!);
    expect(invoice).toMatchObject({ cancels: order!.invoice_no, gross: -9000, order_id: id });

    // charge.refunded moves the payment status.
    await settle();
    await expect
      .poll(async () => (await paymentRecords().get(payment!.id))?.status, { timeout: 10_000 })
      .toBe('refunded');

    // A second reversal is refused; the buyer gets the Stornorechnung.
    const again = await reverse(id);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Diese Bestellung wurde bereits storniert.');
    await expect
      .poll(
        async () =>
          (await sentMails(since)).filter(
            (m) => m.destination.to.includes(buyer.email) && m.subject.startsWith('Stornierung'),
          ),
        { timeout: 10_000 },
      )
      .toHaveLength(1);
    // The Stornorechnung downloads like the invoice (admin and buyer).
    for (const token of [admin.token, buyer.token]) {
      const pdf = await api('POST', 'order/download-invoice', {
        token,
        body: { order_id: id, invoice_no: order!.cancellation_invoice_no },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
    const mail = (await sentMails(since)).find((m) => m.subject.startsWith('Stornierung'));
    expect(mail?.attachments?.[0]?.filename).toBe(`Stornorechnung-${order!.cancellation_invoice_no}.pdf`);

    // The scanner answers 'storniert', the redemption is refused; the wallet shows the voucher as reversed.
    const scanned = await api('POST', 'qr-code/scan', { token: seller.token, body: { url: uv!.qr } });
    expect(scanned.status).toBe(422);
    expect(scanned.body.message).toContain('storniert');
    const redeemed = await api('POST', 'redemption', {
      token: seller.token,
      body: { order_id: uv!.id, qty: 1 },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(redeemed.status).toBe(422);
    expect(redeemed.body.message).toContain('storniert');
    const rows = await api('POST', 'order/search', { token: admin.token, body: { keyword: order!.order_no } });
    expect(rows.body.data[0]).toMatchObject({ id, reversed: true });
  });

  it('numbers Stornorechnungen without gaps across several reversals', async () => {
    const buyer = await createTestAccount('user');
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await buy(buyer, { voucher_id: product.id, qty: 1 }));
    const before = await counterValue(product.seller_id);
    const answers = await Promise.all(ids.map((id) => reverse(id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const numbers = answers
      .map((a) => Number((a.body.data.cancellation_invoice_no as string).slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([before + 1, before + 2, before + 3, before + 4]);
    // The seller's own series (issue 15): its invoice code, as in its RE- numbers.
    const code = (await orderAdmin().get(ids[0]!))!.invoice_no!.split('-')[2]!;
    for (const a of answers)
      expect(a.body.data.cancellation_invoice_no).toMatch(new RegExp(`^ST-${year()}-${code}-\\d{6}$`));
  });

  it('refunds only the unredeemed remainder of a partly redeemed voucher, after the coupon discount', async () => {
    const buyer = await createTestAccount('user');
    const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
    const now = new Date().toISOString();
    await coupons().put({
      id: code,
      code,
      percent_off: 10,
      amount_off: null,
      active: true,
      expires_at: null,
      limit: 5,
      created_at: now,
      updated_at: now,
    });
    const added = await api('POST', 'order', {
      token: buyer.token,
      body: { voucher_id: valueVoucher.id, value: 5000 },
    });
    expect(added.status).toBe(201);
    const id = await (async () => {
      const paid = await api('POST', 'order/payment', {
        token: buyer.token,
        body: { payment_type: 'card', payment_method: await browserCard(), coupon: code },
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await settle();
      await aggregatesCaughtUp();
      return added.body.data.id as string;
    })();
    const order = await orderAdmin().get(id);
    const uvId = order!.user_voucher_ids![0]!;
    const redeemed = await api('POST', 'redemption', {
      token: seller.token,
      body: { order_id: uvId, value: 2000 },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
    const answer = await reverse(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // paid 45,00 € (50,00 € less 10 %), 30,00 € of 50,00 € unredeemed → 45,00 € × 30/50 = 27,00 €
    expect(order).toMatchObject({ total_amount: 5000, discount: 500 });
    expect(answer.body.data.refunded).toBe(2700);
    const payment = await paymentRecords().get(order!.payment_id!);
    expect((await refundsOf(payment!.stripe_payment_intent_id!)).map((r) => r.amount)).toEqual([2700]);
    const invoice = await orders().getInvoice(answer.body.data.cancellation_invoice_no);
    expect(invoice).toMatchObject({ gross: -2700, tax: -450, net: -2250, cancels: order!.invoice_no });
    const uv = await userVouchers().get(uvId);
    expect(uv).toMatchObject({ status: 'reversed', remaining_value: 3000 });
  });

  it('leaves the order not reversed and answers 422 with the message when Stripe refuses the refund', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    const order = await orderAdmin().get(id);
    const payment = await paymentRecords().get(order!.payment_id!);
    const pi = payment!.stripe_payment_intent_id!;
    await fetch(`${standIn()}/__test/refund-failures`, {
      method: 'POST',
      body: JSON.stringify({ payment_intent: pi, message: 'Charge has been charged back; cannot issue a refund.' }),
    });
    const refused = await reverse(id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Charge has been charged back; cannot issue a refund.');
    const after = await orderAdmin().get(id);
    expect(after?.reversed).toBe(false);
    expect(after?.reversal_claim).toBeUndefined();
    expect((await userVouchers().get(order!.user_voucher_ids![0]!))?.status).toBe('active');

    // Once Stripe accepts again, the next attempt refunds (a new idempotency key after a refusal).
    await fetch(`${standIn()}/__test/refund-failures`, {
      method: 'POST',
      body: JSON.stringify({ payment_intent: pi, clear: true }),
    });
    expect((await reverse(id)).status).toBe(200);
    expect(await refundsOf(pi)).toHaveLength(1);
  });

  it('a retry after a crash between the refund and the transaction refunds nothing more', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    const order = await orderAdmin().get(id);
    const payment = await paymentRecords().get(order!.payment_id!);
    const pi = payment!.stripe_payment_intent_id!;
    const uvId = order!.user_voucher_ids![0]!;
    // The crashed run: its claim (expired by now) with the amount and the frozen voucher, and the refund
    // it made with the order's key.
    const past = new Date(Date.now() - 1000).toISOString();
    const claimed = await orderAdmin().claimReversal({
      orderId: id,
      token: 'crashed-run',
      now: past,
      until: past,
      refund: 4500,
      voucherCount: 1,
      gift: { state: 'absent' },
      freeze: [(await userVouchers().get(uvId))!],
      absentIds: [],
    });
    expect(claimed.outcome).toBe('claimed');
    const first = await payments().refund(pi, refundKey(id, 0), 4500);

    // Until the next reverse call the voucher stays frozen: no redemption, scan, share link or revocation.
    const frozen = await userVouchers().get(uvId);
    expect(frozen).toMatchObject({ status: 'reversing', reversal_claim: 'crashed-run' });
    const redeemed = await api('POST', 'redemption', {
      token: seller.token,
      body: { order_id: uvId, qty: 1 },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(redeemed.status).toBe(422);
    expect(redeemed.body.message).toBe('Dieser Gutschein wird gerade storniert.');
    const scanned = await api('POST', 'qr-code/scan', { token: seller.token, body: { url: frozen!.qr } });
    expect(scanned.status).toBe(422);
    expect(scanned.body.message).toBe('Dieser Gutschein wird gerade storniert.');
    const link = await api('POST', 'transfer-url', { token: buyer.token, body: { order_id: uvId } });
    expect(link.status).toBe(422);
    expect(link.body.message).toBe('Dieser Gutschein wird gerade storniert.');
    const wallet = await api('GET', `user-voucher/${uvId}`, { token: buyer.token });
    expect(wallet.status).toBe(200);
    expect(wallet.body.user_voucher.status).toBe('reversing');

    const answer = await reverse(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ refunded: 4500, refund_id: first.id });
    expect(await refundsOf(pi)).toHaveLength(1);
    const voided = await userVouchers().get(uvId);
    expect(voided?.status).toBe('reversed');
    expect(voided?.reversal_claim).toBeUndefined();
  });

  it('records a reversal after the seller was invoiced against the next payout, and audits it', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: { PK: `ORDER#${id}`, SK: 'ORDER' },
        UpdateExpression: 'SET seller_invoice_id = :inv',
        ExpressionAttributeValues: { ':inv': 'si-test' },
      }),
    );
    const order = await orderAdmin().get(id);
    const answer = await reverse(id);
    expect(answer.status).toBe(200);
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: adjustmentKeys.item(order!.seller_id, id) }),
    );
    expect(Item).toMatchObject({
      entity: 'SellerAdjustment',
      seller_invoice_id: 'si-test',
      gross: -4500,
      seller_net: -order!.seller_net!,
      status: 'open',
      cancellation_invoice_no: answer.body.data.cancellation_invoice_no,
    });
    const audit = await auditEntries().listByActor(admin.userId, 50);
    expect(audit.items.find((e) => e.action === 'reverse_order' && e.details.order_id === id)).toMatchObject({
      target_id: order!.seller_id,
      details: { refund: 4500 },
    });
  });

  it('adds the reversed figures to the seller stats', async () => {
    const other = await createTestAccount('seller', { is_activated: true });
    const own = testVoucher(`v-${randomUUID()}`, other.userId, { qty_val: 2000, price_filter: 2000 });
    await putVouchers(own);
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: own.id, qty: 1 });
    const order = await orderAdmin().get(id);
    expect((await reverse(id)).status).toBe(200);
    await aggregatesCaughtUp();
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: { PK: `SELLER#${other.userId}#STATS`, SK: 'TOTAL' } }),
    );
    expect(Item).toMatchObject({ reversed_count: 1, reversed_gross: 2000, reversed_seller_net: order!.seller_net });
  });

  it('reverses a direct sale without Stripe', async () => {
    const directVoucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
      qty_val: 2500,
      price_filter: 2500,
      display: 'direktverkauf',
    });
    await putVouchers(directVoucher);
    const added = await api('POST', 'order/direct-sale', {
      token: seller.token,
      body: { voucher_id: directVoucher.id, qty: 1 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const gift = await api('POST', 'order/gift-voucher', {
      token: seller.token,
      body: { order_id: added.body.data.id, giftType: ['pdf'] },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    const answer = await reverse(added.body.data.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ refund_id: null, reversed: true });
    const order = await orderAdmin().get(added.body.data.id);
    expect((await userVouchers().get(order!.user_voucher_ids![0]!))?.status).toBe('reversed');
  });

  it('reverses a 0 € order (100 % coupon) without Stripe', async () => {
    const code = `FREE${randomUUID().slice(0, 6).toUpperCase()}`;
    const now = new Date().toISOString();
    await coupons().put({
      id: code,
      code,
      percent_off: 100,
      amount_off: null,
      active: true,
      expires_at: null,
      limit: 5,
      created_at: now,
      updated_at: now,
    });
    const buyer = await createTestAccount('user');
    const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: product.id, qty: 1 } });
    const paid = await api('POST', 'order/payment', {
      token: buyer.token,
      body: { payment_type: 'card', coupon: code },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await settle();
    expect((await orders().get(added.body.data.id))?.status).toBe('completed');
    await aggregatesCaughtUp();
    const answer = await reverse(added.body.data.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ refunded: 0, refund_id: null });
  });

  it('refuses the reversal while the invoice waits for its number, and names the number once it has one', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    const numbered = (await orders().get(id))!.invoice_no!;
    // As in the second after the payment, before the stream numbered the invoice (its draft still there).
    const unnumbered = { ...(await orderAdmin().get(id))!, invoice_no: null };
    const waiting = reverseDeps({
      orderAdmin: { ...orderAdmin(), get: async () => unnumbered },
      orders: { ...orders(), invoicesPending: async (ids: readonly string[]) => [...ids] },
    });
    await expect(reverseOrder(waiting, { userId: admin.userId }, id)).rejects.toMatchObject({
      statusCode: 422,
      errors: { id: [ADMIN_ORDER_TEXT.invoicePending] },
    });
    // Nothing happened: no claim, no refund.
    const untouched = await orderAdmin().get(id);
    expect(untouched).toMatchObject({ reversed: false });
    expect(untouched?.reversal_claim).toBeUndefined();

    const answer = await reverse(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const storno = await orders().getInvoice(answer.body.data.cancellation_invoice_no as string);
    expect(storno?.cancels).toBe(numbered);
  });
});

const reverseDeps = (over: Partial<ReverseDeps> = {}): ReverseDeps => ({
  log: log(),
  orderAdmin: orderAdmin(),
  userVouchers: userVouchers(),
  paymentRecords: paymentRecords(),
  payments: payments(),
  users: users(),
  orders: orders(),
  audit: auditEntries(),
  mailQueue: mailQueue(),
  gifts: gifts(),
  clock: clock(),
  newId: newId(),
  ...over,
});

/** A buyer pays a gift line (no voucher issued until the gift form); answers the line's id. */
async function buyGift(buyer: TestAccount, qty: number): Promise<string> {
  const added = await api('POST', 'order', {
    token: buyer.token,
    body: { voucher_id: product.id, qty, is_gift: true },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  const id = added.body.data.id as string;
  await expect.poll(async () => (await orders().get(id))?.status, { timeout: 10_000 }).toBe('completed');
  await aggregatesCaughtUp();
  return id;
}

const giftApi = (who: TestAccount, body: Record<string, unknown>) =>
  api('POST', 'order/gift-voucher', { token: who.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

describe('reversal races (issue 11)', () => {
  it('20 redemptions racing a reversal: each goes through before the claim or is refused; refund + redeemed = paid', async () => {
    const buyer = await createTestAccount('user');
    const added = await api('POST', 'order', {
      token: buyer.token,
      body: { voucher_id: valueVoucher.id, value: 5000 },
    });
    expect(added.status).toBe(201);
    const paid = await api('POST', 'order/payment', {
      token: buyer.token,
      body: { payment_type: 'card', payment_method: await browserCard() },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await settle();
    // Locally the mail worker shares the API's process: let it render the confirmation before the timed race.
    await drainMailQueue();
    const id = added.body.data.id as string;
    const order = await orderAdmin().get(id);
    expect(order).toMatchObject({ status: 'completed', total_amount: 5000 });
    const uvId = order!.user_voucher_ids![0]!;
    const redeem = () =>
      api('POST', 'redemption', {
        token: seller.token,
        body: { order_id: uvId, value: 100 },
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
    // One redemption lands for sure; then 19 more, one every 40 ms, race the reversal started at 100 ms.
    const first = await redeem();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const [reversal, ...answers] = await Promise.all([
      wait(100).then(() => reverse(id)),
      ...Array.from({ length: 19 }, (_, i) => wait(i * 40).then(redeem)),
    ]);
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
    const all = [first, ...answers];
    const ok = all.filter((a) => a.status === 201);
    const refused = all.filter((a) => a.status !== 201);
    // Both sides of the race happened: the first redemption before the claim, later ones against frozen vouchers.
    expect(refused.length, `${ok.length} redeemed`).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.status, JSON.stringify(a.body)).toBe(422);
      expect(a.body.message).toMatch(/storniert/);
    }
    const redeemedCents = ok.reduce((sum, a) => sum + (a.body.data.value as number), 0);
    expect(redeemedCents).toBe(ok.length * 100);
    // Paid 50,00 € without a coupon: the refund is exactly the unredeemed rest, never a redeemed cent.
    expect(reversal.body.data.refunded).toBe(5000 - redeemedCents);
    expect(reversal.body.data.refunded + redeemedCents).toBe(5000);
    const payment = await paymentRecords().get(order!.payment_id!);
    expect((await refundsOf(payment!.stripe_payment_intent_id!)).map((r) => r.amount)).toEqual([5000 - redeemedCents]);
    const uv = await userVouchers().get(uvId);
    expect(uv).toMatchObject({ status: 'reversed', remaining_value: 5000 - redeemedCents });
    console.info(`redemptions before the claim: ${ok.length}, refused: ${refused.length}`);

    // A revocation after the reversal cannot give the balance back.
    const redemptionId = first.body.data.id as string;
    const revoked = await api('POST', 'redemption/revoke', { token: seller.token, body: { id: redemptionId } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(422);
    expect((await userVouchers().get(uvId))?.remaining_value).toBe(5000 - redeemedCents);
  });

  it('a gift racing a reversal issues no unit once the order is claimed; every issued unit ends reversed', async () => {
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    // The gift starts before, with, and at several moments after the reversals.
    for (const delay of [-150, -60, -20, 0, 30]) {
      const id = await buyGift(buyer, 4);
      const wait = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const [given, ...reversals] = await Promise.all([
        wait(delay).then(() =>
          giftApi(buyer, { order_id: id, giftType: ['wallet'], user_id: friend.userId, isBulk: true }),
        ),
        ...Array.from({ length: 3 }, () => wait(-delay).then(() => reverse(id))),
      ]);
      for (const a of reversals) expect([200, 409, 422], JSON.stringify(a.body)).toContain(a.status);
      expect([200, 409, 422], JSON.stringify(given.body)).toContain(given.status);
      // Until reversed (a reversal refused while the gift was being issued is tried again).
      for (let i = 0; i < 20 && !(await orderAdmin().get(id))?.reversed; i++) {
        const again = await reverse(id);
        if (again.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      const order = await orderAdmin().get(id);
      expect(order?.reversed).toBe(true);
      expect(order?.refunded_amount).toBe(order!.total_amount);
      const planned = (await gifts().get(id))?.user_voucher_ids ?? [];
      const units = (await Promise.all(planned.map((u) => userVouchers().get(u)))).filter(Boolean);
      for (const uv of units) expect(uv?.status).toBe('reversed');
      if (given.status === 200) expect(units).toHaveLength(4);
      else expect(given.body.message).toMatch(/storniert|bearbeitet/);
      console.info(
        `gift race ${delay} ms: gift ${given.status} ${given.body.message}, reversals ${reversals.map((a) => a.status)}, units ${units.length}`,
      );
    }
  });

  it('a gift whose check ran before the reversal committed issues nothing afterwards', async () => {
    const buyer = await createTestAccount('user');
    const friend = await createTestAccount('user');
    const id = await buyGift(buyer, 2);
    const stale = await orders().get(id);
    expect((await reverse(id)).status).toBe(200);
    let reads = 0;
    // The gift service as it runs with the order read before the reversal (its up-front check passed).
    const giftDeps: GiftDeps = {
      log: log(),
      metrics: metrics(),
      orders: {
        ...orders(),
        get: async (orderId: string) => (orderId === id && reads++ === 0 ? stale : orders().get(orderId)),
      },
      gifts: gifts(),
      userVouchers: userVouchers(),
      transfers: transfers(),
      users: users(),
      vouchers: vouchers(),
      companies: companies(),
      templates: templates(),
      mediaReader: mediaReader(),
      mailQueue: mailQueue(),
      clock: clock(),
      newId: newId(),
      appUrl: appUrl(),
      sellerMails: sellerMails(),
    };
    const input = giftVoucherRequestSchema.parse({
      order_id: id,
      giftType: ['wallet'],
      user_id: friend.userId,
      isBulk: true,
    });
    await expect(giveGift(giftDeps, { userId: buyer.userId, role: 'user' }, input)).rejects.toMatchObject({
      message: expect.stringMatching(/storniert/),
    });
    const planned = (await gifts().get(id))?.user_voucher_ids ?? [];
    expect(planned).toHaveLength(2);
    for (const u of planned) expect(await userVouchers().get(u)).toBeUndefined();
    expect(await userVouchers().listByOwner({ userId: friend.userId })).toEqual([]);
  });

  it('refuses the reversal while a gift is being issued; a dead gift run is frozen and voided with the order', async () => {
    const buyer = await createTestAccount('user');
    const id = await buyGift(buyer, 2);
    const now = new Date();
    const giftItem = (leaseUntil: Date) => ({
      ...giftKeys.item(id),
      entity: 'Gift',
      order_id: id,
      requested_by: buyer.userId,
      gift_types: ['pdf'],
      email: null,
      recipient_user_id: null,
      recipient_username: null,
      price_hidden: false,
      expiration_date: null,
      voucher_usage: 'multiple',
      is_bulk: true,
      user_voucher_ids: [`gift-${randomUUID()}`, `gift-${randomUUID()}`],
      from_name: null,
      state: 'issuing',
      claim_token: 'running-gift',
      lease_until: leaseUntil.toISOString(),
      created_at: now.toISOString(),
      delivered_at: null,
    });
    await documentClient().send(
      new PutCommand({ TableName: env().TABLE_NAME, Item: giftItem(new Date(now.getTime() + 60_000)) }),
    );
    const refused = await reverse(id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Das Geschenk dieser Bestellung wird gerade ausgestellt. Bitte versuche es gleich noch einmal.',
    );
    expect((await orderAdmin().get(id))?.reversal_claim).toBeUndefined();

    // The run died (lease over) before issuing: the reversal goes through; the giver's retry issues nothing.
    await documentClient().send(
      new PutCommand({ TableName: env().TABLE_NAME, Item: giftItem(new Date(now.getTime() - 1000)) }),
    );
    const answer = await reverse(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.refunded).toBe(9000);
    const retry = await giftApi(buyer, { order_id: id, giftType: ['pdf'], isBulk: true });
    expect(retry.status).toBe(422);
    const planned = (await gifts().get(id))!.user_voucher_ids;
    for (const u of planned) expect(await userVouchers().get(u)).toBeUndefined();
  });
});

describe('the Stornorechnung mail is owed until sent', () => {
  it('enqueueing the mail fails once; the next reverse-order call sends exactly one mail, then answers 422', async () => {
    const buyer = await createTestAccount('user');
    const id = await buy(buyer, { voucher_id: product.id, qty: 1 });
    const since = Math.floor(Date.now() / 1000) - 1;
    let failures = 0;
    const failingOnce = {
      enqueue: async (...args: Parameters<ReturnType<typeof mailQueue>['enqueue']>) => {
        if (failures++ === 0) throw new Error('simulated SQS outage');
        return mailQueue().enqueue(...args);
      },
    } as ReturnType<typeof mailQueue>;
    const done = await reverseOrder(reverseDeps({ mailQueue: failingOnce }), { userId: admin.userId }, id);
    expect(done.data).toMatchObject({ reversed: true, refunded: 4500 });
    const owed = await orderAdmin().get(id);
    expect(owed?.reversed).toBe(true);
    expect(owed?.cancellation_mail_sent_at).toBeUndefined();
    expect(owed?.cancellation_mail_lease_until).toBeUndefined();
    const stornoMails = async () =>
      (await sentMails(since)).filter(
        (m) => m.destination.to.includes(buyer.email) && m.subject.startsWith('Stornierung'),
      );
    expect(await stornoMails()).toHaveLength(0);
    // The admin's details show the mail as owed (the dialog then offers to send it).
    expect((await api('GET', `order/${id}`, { token: admin.token })).body.data.cancellation_mail_sent).toBe(false);

    // The retry: concurrent calls send it once; the others answer 'already reversed'.
    const retries = await Promise.all(Array.from({ length: 5 }, () => reverse(id)));
    const sent = retries.filter((a) => a.status === 200);
    expect(sent, JSON.stringify(retries.map((a) => [a.status, a.body.message]))).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      message: 'Die Bestellung ist bereits storniert. Die Stornorechnung wurde jetzt an den Käufer gesendet.',
      data: { reversed: true, refunded: 4500, cancellation_invoice_no: owed!.cancellation_invoice_no },
    });
    for (const a of retries.filter((r) => r.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toBe('Diese Bestellung wurde bereits storniert.');
    }
    await expect.poll(stornoMails, { timeout: 10_000 }).toHaveLength(1);
    const mail = (await stornoMails())[0]!;
    expect(mail.attachments?.[0]?.filename).toBe(`Stornorechnung-${owed!.cancellation_invoice_no}.pdf`);
    expect((await orderAdmin().get(id))?.cancellation_mail_sent_at).toBeTruthy();
    expect((await api('GET', `order/${id}`, { token: admin.token })).body.data.cancellation_mail_sent).toBe(true);
    const later = await reverse(id);
    expect(later.status).toBe(422);
    expect(later.body.message).toBe('Diese Bestellung wurde bereits storniert.');
    await new Promise((r) => setTimeout(r, 500));
    expect(await stornoMails()).toHaveLength(1);
  });
});
