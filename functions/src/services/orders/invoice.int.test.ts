import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { orders } from '../../lib/deps.ts';
import { invoiceCodeKeys } from '../../repositories/invoice-code.ts';
import { invoiceKeys } from '../../repositories/order-repository.ts';

/** Customer invoices: gap-free numbers given from the stream after the completion, the PDF download and the mail attachment. */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });
const year = () => new Intl.DateTimeFormat('en', { timeZone: 'Europe/Vienna', year: 'numeric' }).format(new Date());

async function counterValue(sellerId: string): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: invoiceKeys.counter(sellerId, year()), ConsistentRead: true }),
  );
  return (Item?.value as number | undefined) ?? 0;
}

async function invoiceCode(sellerId: string): Promise<string> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: invoiceCodeKeys.seller(sellerId), ConsistentRead: true }),
  );
  expect(Item?.code).toMatch(/^[A-Z2-9]{5}$/);
  const { Item: claim } = await documentClient().send(
    new GetCommand({
      TableName: env().TABLE_NAME,
      Key: invoiceCodeKeys.code(Item!.code as string),
      ConsistentRead: true,
    }),
  );
  expect(claim?.seller_id).toBe(sellerId);
  return Item!.code as string;
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

async function buyOne(buyer: TestAccount, voucherId: string, qty = 1): Promise<string> {
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, qty } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return added.body.data.id as string;
}

async function sellerWithProduct(tax: unknown = [{ tax: 20, label: 'Leistung', value: 4500 }]) {
  const seller = await createTestAccount('seller');
  const product = testVoucher(`v-${randomUUID()}`, seller.userId, {
    qty_val: 4900,
    price_filter: 4500,
    tax,
  } as Parameters<typeof testVoucher>[2]);
  await putVouchers(product);
  return { seller, product };
}

describe('customer invoices', () => {
  it('numbers concurrent sales per seller without gaps or duplicates, two sellers in independent series', async () => {
    const [a, b] = await Promise.all([sellerWithProduct(), sellerWithProduct()]);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createTestAccount('user')));
    // 7 sales of seller A and 3 of seller B at once: both sellers' first invoices (code claims) race too.
    const lineIds = await Promise.all(buyers.map((buyer, i) => buyOne(buyer, (i % 3 === 2 ? b : a).product.id)));
    await settle();
    // The sales wrote drafts; the stream numbers them (issue 15).
    await aggregatesCaughtUp();

    const lines = await Promise.all(lineIds.map((id) => orders().get(id)));
    const [codeA, codeB] = [await invoiceCode(a.seller.userId), await invoiceCode(b.seller.userId)];
    expect(codeA).not.toBe(codeB);
    const series = (code: string) =>
      lines
        .map((line) => {
          expect(line?.status).toBe('completed');
          expect(line?.invoice_no).toMatch(new RegExp(`^RE-${year()}-[A-Z2-9]{5}-\\d{6}$`));
          return line!.invoice_no!;
        })
        .filter((no) => no.startsWith(`RE-${year()}-${code}-`))
        .map((no) => Number(no.slice(-6)))
        .sort((x, y) => x - y);
    // Each seller's series starts at 1 and runs on without gaps or duplicates, whatever the other seller does.
    expect(series(codeA)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(series(codeB)).toEqual([1, 2, 3]);
    expect(await counterValue(a.seller.userId)).toBe(7);
    expect(await counterValue(b.seller.userId)).toBe(3);
    for (const line of lines) {
      const product = line!.seller_id === a.seller.userId ? a.product : b.product;
      const invoice = await orders().getInvoice(line!.invoice_no!);
      expect(invoice).toMatchObject({
        order_id: line!.id,
        order_no: line!.order_no,
        seller_id: product.seller_id,
        gross: 4500,
        tax: 750,
        net: 3750,
        multi_purpose: false,
      });
      expect(invoice?.lines).toEqual([
        { title: product.title, qty: 1, unit: 4500, tax_rate: 20, net: 3750, tax: 750, gross: 4500 },
      ]);
    }
  });

  it('lets the buyer and an admin download the PDF, 404 for others, and attaches it to the confirmation mail', async () => {
    const { product } = await sellerWithProduct('unsure');
    const buyer = await createTestAccount('user');
    const since = Math.floor(Date.now() / 1000) - 1;
    const lineId = await buyOne(buyer, product.id, 2);
    await settle();
    await aggregatesCaughtUp();
    const line = await orders().get(lineId);
    const invoiceNo = line!.invoice_no!;
    expect(await orders().getInvoice(invoiceNo)).toMatchObject({
      multi_purpose: true,
      gross: 9000,
      tax: 0,
      buyer: { email: buyer.email },
    });

    const own = await api('POST', 'order/download-invoice', {
      token: buyer.token,
      body: { order_id: lineId, invoice_no: invoiceNo },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="Rechnung-${invoiceNo}.pdf"`);
    expect(String(own.body).startsWith('%PDF-')).toBe(true);
    const admin = await createTestAccount('admin');
    expect(
      (
        await api('POST', 'order/download-invoice', {
          token: admin.token,
          body: { order_id: lineId, invoice_no: invoiceNo },
        })
      ).status,
    ).toBe(200);

    const other = await createTestAccount('user');
    expect(
      await api('POST', 'order/download-invoice', {
        token: other.token,
        body: { order_id: lineId, invoice_no: invoiceNo },
      }),
    ).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    // The number must belong to the order.
    expect(
      (
        await api('POST', 'order/download-invoice', {
          token: buyer.token,
          body: { order_id: lineId, invoice_no: `${invoiceNo.slice(0, -1)}${(Number(invoiceNo.at(-1)) + 1) % 10}` },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('POST', 'order/download-invoice', {
          token: buyer.token,
          body: { order_id: randomUUID(), invoice_no: invoiceNo },
        })
      ).status,
    ).toBe(404);
    expect(await api('POST', 'order/download-invoice', { token: buyer.token, body: {} })).toMatchObject({
      status: 422,
      body: { errors: { order_id: [expect.any(String)], invoice_no: [expect.any(String)] } },
    });

    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(buyer.email));
    expect(mail?.body.text).toContain('Die Rechnung findest du im Anhang.');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: `Rechnung-${invoiceNo}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail!.attachments![0]!.size).toBeGreaterThan(1000);
  });
});
