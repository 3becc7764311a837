import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNT_DELETION_TEXT, DELETED_USER_NAME } from '@gm/shared/admin/account-deletion';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { viennaDate } from '@gm/shared/dates/stats-buckets';
import { createTestAccount, TEST_PASSWORD, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { downloadExport } from '../../../../scripts/test/export-link.ts';
import { api } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { cognitoClient, documentClient, s3Client } from '../../lib/clients.ts';
import { accountStatus, audit, users, userVouchers } from '../../lib/deps.ts';
import { handler as preTokenGeneration } from '../../triggers/pre-token-generation.ts';
import { newUserVoucher } from '../orders/new-user-voucher.ts';
import { env } from '../../lib/env.ts';
import { testJpeg } from '../uploads/test-images.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * Account deletion (issue 11, `DELETE user/{id}`) against the real handlers and stand-ins: a buyer and
 * a seller with everything an account can have are deleted, then every item that belonged to them is
 * read back (their partitions, every index key of docs/data-model.md for them, S3, Cognito, Stripe)
 * and must be exactly the set docs/data-model.md §4.1 "Account deletion" says stays.
 */
const table = () => env().TABLE_NAME;
const db = () => documentClient();
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 20_000 }) });

type Item = Record<string, unknown>;

async function get(PK: string, SK: string): Promise<Item | undefined> {
  return (await db().send(new GetCommand({ TableName: table(), Key: { PK, SK }, ConsistentRead: true }))).Item;
}
async function partition(PK: string): Promise<Item[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ConsistentRead: true,
    }),
  );
  return answer.Items ?? [];
}
async function index(name: 'GSI1' | 'GSI2' | 'GSI3', pk: string, skPrefix?: string): Promise<Item[]> {
  const answer = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: name,
      KeyConditionExpression: `${name}PK = :pk${skPrefix ? ` AND begins_with(${name}SK, :sk)` : ''}`,
      ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
    }),
  );
  return answer.Items ?? [];
}
const sks = (items: Item[]) => items.map((i) => i.SK as string).sort();
const pks = (items: Item[]) => items.map((i) => i.PK as string).sort();

async function cognitoUserExists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: env().COGNITO_USER_POOL_ID, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}
async function privateKeys(prefix: string): Promise<string[]> {
  const { Contents = [] } = await s3Client().send(
    new ListObjectsV2Command({ Bucket: env().PRIVATE_BUCKET, Prefix: prefix }),
  );
  return Contents.map((c) => c.Key ?? '');
}
async function stripeCustomer(id: string): Promise<Item> {
  const response = await fetch(`${standIn()}/v1/customers/${id}`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY ?? 'sk_test_local'}` },
  });
  return (await response.json()) as Item;
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

const octet = () => Math.floor(Math.random() * 250) + 1;
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;

function buyerForm(suffix = randomUUID().slice(0, 8)) {
  return {
    username: `erika-${suffix}`,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: `erika-${suffix}@example.com`,
    password: 'Geheim123!',
    confirmPassword: 'Geheim123!',
    region_id: 2,
    dataPrivacy: true,
    terms: true,
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A real JPEG: the server decodes every ID document. */
const JPEG = Buffer.from(testJpeg());

/** A seller registered through the multipart form (ID documents in S3, company, verification, payout account). */
async function registerSeller(): Promise<TestAccount & { username: string; company: string }> {
  const suffix = randomUUID().slice(0, 8);
  const email = `office-${suffix}@alpenhof.example`;
  const fields: Record<string, string | { bytes: Uint8Array; name: string; type: string }> = {
    role_id: '2',
    username: `Alpenhof ${suffix}`,
    email,
    phone_number: '+43 512 123456',
    region_id: '2',
    password: 'Geheim123!',
    confirmPassword: 'Geheim123!',
    firstName: 'Maria',
    lastName: 'Huber',
    bday: '1980-04-12',
    id_front: { bytes: PNG, name: 'ausweis-vorne.png', type: 'image/png' },
    id_back: { bytes: JPEG, name: 'ausweis-hinten.jpg', type: 'image/jpeg' },
    id_additional: { bytes: PNG, name: 'gewerbeschein.png', type: 'image/png' },
    company_name: `Alpenhof GmbH ${suffix}`,
    description: 'Wellness mitten in den Bergen.',
    url: 'www.alpenhof.example',
    vat_number: 'ATU12345678',
    address: 'Dorfstraße 1',
    city: 'Innsbruck',
    zip_code: '6020',
    iban: 'AT61 1904 3002 3457 3201',
    bic: 'BKAUATWW',
    dataPrivacy: 'true',
    terms: 'true',
    commission: 'true',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const response = await fetch(new URL('auth/register', inject('apiUrl')), {
    method: 'POST',
    body: form,
    headers: { 'x-viewer-address': randomIp() },
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return {
    userId: body.user.id,
    email,
    password: 'Geheim123!',
    role: 'seller',
    token: body.token,
    username: String(fields.username),
    company: String(fields.company_name),
  };
}

const ymd = (at: Date) => {
  const d = viennaDate(at);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/** A seller with everything (subdomain, settings, scanner, vouchers in the catalogue) and a buyer with everything. */
async function marketplace() {
  const admin = await createTestAccount('admin');
  const seller = await registerSeller();
  const subdomain = `alp${randomUUID().slice(0, 8)}`;
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: {
              PK: `UNIQUE#SUBDOMAIN#${subdomain}`,
              SK: 'UNIQUE',
              GSI1PK: 'SUBDOMAINS',
              GSI1SK: subdomain,
              entity: 'Unique',
              user_id: seller.userId,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          // Activated (issue 11 gates sales on it) and with its tenant shop.
          Update: {
            TableName: table(),
            Key: { PK: `USER#${seller.userId}`, SK: 'PROFILE' },
            UpdateExpression: 'SET subdomain = :s, is_activated = :t',
            ExpressionAttributeValues: { ':s': subdomain, ':t': true },
          },
        },
        {
          Put: {
            TableName: table(),
            Item: {
              PK: `USER#${seller.userId}`,
              SK: 'SETTINGS',
              GSI1PK: 'USER_SETTINGS',
              GSI1SK: seller.userId,
              entity: 'SellerSettings',
              user_id: seller.userId,
              sales_commission_percentage: 4,
            },
          },
        },
      ],
    }),
  );
  const scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
  const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 20000,
    qty_min: null,
    qty_max: null,
  });
  const second = testVoucher(`v-${randomUUID()}`, seller.userId, { qty_val: 2500, price_filter: 2500 });
  await putVouchers(voucher, second);

  // The buyer: registered with personal data, a wishlist entry, a paid order with the card saved, a
  // pending cart line, the wallet voucher personalised and shared, and a redemption of part of it.
  const form = buyerForm();
  const registered = await api('POST', 'auth/register', {
    body: form,
    headers: { 'x-viewer-address': randomIp() },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const buyer: TestAccount = {
    userId: registered.body.user.id,
    email: form.email,
    password: form.password,
    role: 'user',
    token: registered.body.token,
  };
  expect(
    (
      await api('POST', 'user-voucher-wishlist', {
        token: buyer.token,
        body: { user_id: buyer.userId, voucher_id: second.id },
      })
    ).status,
  ).toBeLessThan(300);
  const line = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, value: 5000 } });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard(), is_save: true },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await settle();
  // The stream numbers the invoice (issue 15): the order read next carries its number.
  await aggregatesCaughtUp();
  const order = (await get(`ORDER#${line.body.data.id}`, 'ORDER'))!;
  expect(order.status).toBe('completed');
  const userVoucherId = (order.user_voucher_ids as string[])[0]!;
  const pending = await api('POST', 'order', { token: buyer.token, body: { voucher_id: second.id, qty: 1 } });
  expect(pending.status).toBe(201);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `USER_VOUCHER#${userVoucherId}`, SK: 'USER_VOUCHER' },
      UpdateExpression: 'SET personalisation = :p',
      ExpressionAttributeValues: {
        ':p': {
          template_id: null,
          custom_image: null,
          custom_background_image: null,
          background_aid: null,
          text_color: '#000000',
          note: 'Alles Liebe, deine Erika',
          price_hidden: false,
          updated_at: new Date().toISOString(),
        },
      },
    }),
  );
  const link = await api('POST', 'transfer-url', { token: buyer.token, body: { order_id: userVoucherId } });
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const transferCode = (await get(`USER_VOUCHER#${userVoucherId}`, 'USER_VOUCHER'))!.transfer_code as string;
  expect(transferCode).toBeTruthy();
  const redeemed = await api('POST', 'redemption', {
    token: scanner.token,
    body: { order_id: userVoucherId, value: 1000 },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
  const customerId = (await get(`USER#${buyer.userId}`, 'STRIPE_CUSTOMER'))!.stripe_customer_id as string;
  expect(customerId).toMatch(/^cus_/);

  return {
    admin,
    seller,
    subdomain,
    scanner,
    vouchers: [voucher, second],
    buyer,
    buyerForm: form,
    order,
    userVoucherId,
    transferCode,
    redemptionId: redeemed.body.data.id as string,
    customerId,
  };
}

/** The keys a tombstone may hold: ids, role, origin and times; username and e-mail are placeholders. */
function expectTombstone(item: Item | undefined, id: string, role: string, extra: Item = {}) {
  expect(item).toBeDefined();
  const allowed = {
    PK: `USER#${id}`,
    SK: 'PROFILE',
    entity: 'User',
    id,
    role,
    username: `deleted-${id}`,
    email: `deleted-${id}@invalid`,
    deletion_state: 'done',
    first_name: null,
    last_name: null,
    address: null,
    city: null,
    zip_code: null,
    phone_number: null,
    region_id: null,
    is_activated: false,
    is_tourism: false,
    is_partner: false,
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    order_email: null,
    subdomain: null,
    seller_id: null,
    ...extra,
  };
  const { deleted_at, created_at, updated_at, origin, ...rest } = item!;
  expect(rest).toEqual(allowed);
  expect(deleted_at).toEqual(expect.any(String));
  expect(created_at).toEqual(expect.any(String));
  expect(updated_at).toEqual(expect.any(String));
  if (origin !== undefined) expect(typeof origin).toBe('string');
}

describe('account deletion (DELETE user/{id})', () => {
  it('deletes a buyer and a seller; exactly the documented items stay, without personal data', async () => {
    const m = await marketplace();
    const { admin, buyer, seller, scanner } = m;

    // --- the buyer -----------------------------------------------------------------------------
    await aggregatesCaughtUp();
    const deleted = await api('DELETE', `user/${buyer.userId}`, { token: admin.token });
    expect(deleted, JSON.stringify(deleted.body)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_DELETION_TEXT.deleted },
    });

    // Their partition: the tombstone and the counters (numbers only).
    const own = await partition(`USER#${buyer.userId}`);
    expect(sks(own)).toEqual(['PROFILE', 'STATS']);
    expectTombstone(
      own.find((i) => i.SK === 'PROFILE'),
      buyer.userId,
      'user',
    );
    const stats = own.find((i) => i.SK === 'STATS')!;
    for (const [key, value] of Object.entries(stats))
      if (!['PK', 'SK', 'entity'].includes(key)) expect(typeof value, key).toBe('number');

    // Every index key of the buyer (data-model §2).
    expect(await index('GSI1', `USER#${buyer.userId}#CART`)).toEqual([]);
    expect(await index('GSI1', `USER#${buyer.userId}#BUYER_VOUCHERS`)).toEqual([]);
    expect(await index('GSI1', 'ROLE#user', m.buyerForm.username.toLowerCase())).toEqual([]);
    expect(await index('GSI1', 'ROLE#user', `deleted-${buyer.userId}`)).toEqual([]);
    const orders = await index('GSI1', `USER#${buyer.userId}#ORDERS`);
    expect(pks(orders)).toEqual([`ORDER#${m.order.id}`]);
    const payments = await index('GSI1', `USER#${buyer.userId}#PAYMENTS`);
    expect(payments).toHaveLength(1);
    const wallet = await index('GSI1', `USER#${buyer.userId}#WALLET`);
    expect(pks(wallet)).toEqual([`USER_VOUCHER#${m.userVoucherId}`]);
    // The paid voucher stays valid and redeemable by its code, without the owner's design and link.
    const uv = wallet[0]!;
    expect(uv).toMatchObject({ status: 'active', remaining_value: 4000, owner_user_id: buyer.userId });
    expect(uv.personalisation).toBeUndefined();
    expect(uv.transfer_code).toBeUndefined();
    expect(await get(`CODE#${uv.code as string}`, 'CODE')).toMatchObject({ user_voucher_id: m.userVoucherId });
    expect(await get(`TRANSFER#${m.transferCode}`, 'TRANSFER')).toBeUndefined();
    // Orders, the invoice (with the name as printed) and the redemption stay as they were.
    expect(orders[0]).toMatchObject({ status: 'completed', user_id: buyer.userId });
    const invoice = (await get(`INVOICE#${m.order.invoice_no as string}`, 'INVOICE'))!;
    expect(invoice).toMatchObject({ buyer_user_id: buyer.userId, buyer: { name: 'Erika Mustermann' } });
    expect(await get(`REDEMPTION#${m.redemptionId}`, 'REDEMPTION')).toMatchObject({
      user_voucher_id: m.userVoucherId,
    });
    // None of what stays (besides the invoice's snapshot) holds the buyer's name, e-mail or username.
    const kept = [
      ...own,
      ...orders,
      ...payments,
      ...wallet,
      (await get(`REDEMPTION#${m.redemptionId}`, 'REDEMPTION'))!,
      ...(await index('GSI2', `USER#${buyer.userId}#AUDITED`)),
    ];
    const personal = [m.buyerForm.firstName, m.buyerForm.lastName, m.buyerForm.username, buyer.email];
    for (const item of kept)
      for (const value of personal)
        expect(JSON.stringify(item).toLowerCase(), `${String(item.PK)} holds ${value}`).not.toContain(
          value.toLowerCase(),
        );
    // Uniqueness items are free, the audit entry names ids only.
    expect(await get(`UNIQUE#EMAIL#${buyer.email.toLowerCase()}`, 'UNIQUE')).toBeUndefined();
    expect(await get(`UNIQUE#USERNAME#${m.buyerForm.username.toLowerCase()}`, 'UNIQUE')).toBeUndefined();
    const audited = await index('GSI2', `USER#${buyer.userId}#AUDITED`);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      action: 'delete_user',
      actor_id: admin.userId,
      target_id: buyer.userId,
      details: { role: 'user' },
    });
    // Outside the table: Cognito and the Stripe customer are gone.
    expect(await cognitoUserExists(buyer.email)).toBe(false);
    expect(await stripeCustomer(m.customerId)).toMatchObject({ id: m.customerId, deleted: true });
    expect((await api('POST', 'auth/login', { body: { email: buyer.email, password: buyer.password } })).status).toBe(
      401,
    );

    // The seller's views show the deleted buyer without the name; the exports still work.
    const sellerOrders = await api('GET', 'order', { token: seller.token });
    expect(sellerOrders.status).toBe(200);
    expect(sellerOrders.body.data).toEqual([expect.objectContaining({ id: m.order.id, buyer: DELETED_USER_NAME })]);
    const today = ymd(new Date());
    const csv = await downloadExport(seller.token, 'seller-invoice/download-order-csv', { from: today, to: today });
    expect(csv.status).toBe(200);
    expect(new TextDecoder().decode(csv.bytes)).toContain(DELETED_USER_NAME);
    expect(new TextDecoder().decode(csv.bytes)).not.toContain('Mustermann');
    expect(
      (
        await api('POST', 'seller-invoice/download-buyer-pdf-invoices', {
          token: seller.token,
          body: { from: today, to: today },
        })
      ).status,
    ).toBe(200);

    // Deleting again is harmless: the same answer, nothing written twice.
    expect((await api('DELETE', `user/${buyer.userId}`, { token: admin.token })).status).toBe(200);
    expect(await index('GSI2', `USER#${buyer.userId}#AUDITED`)).toHaveLength(1);

    // The freed e-mail and username register again (a new account).
    const again = await api('POST', 'auth/register', {
      body: m.buyerForm,
      headers: { 'x-viewer-address': randomIp() },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.user.id).not.toBe(buyer.userId);

    // --- the seller ----------------------------------------------------------------------------
    // Another buyer holds one of its vouchers (as the order completion issues it).
    const holder = await createTestAccount('user');
    const held = newUserVoucher({
      id: randomUUID(),
      order: {
        id: `o-${randomUUID()}`,
        voucher_id: m.vouchers[1]!.id,
        seller_id: seller.userId,
        voucher: m.vouchers[1]!,
      },
      orderNo: 'GM-2026-999998',
      amounts: { qty: 1, value: null, remaining_qty: 1, remaining_value: 2500 },
      owner: { owner_user_id: holder.userId },
      at: new Date().toISOString(),
      appUrl: env().APP_URL,
    });
    await db().send(new TransactWriteCommand({ TransactItems: userVouchers().issueParts(held) }));

    expect((await api('DELETE', `user/${seller.userId}`, { token: admin.token })).status).toBe(200);

    expectTombstone(
      (await partition(`USER#${seller.userId}`)).find((i) => i.SK === 'PROFILE'),
      seller.userId,
      'seller',
    );
    expect(sks(await partition(`USER#${seller.userId}`))).toEqual(['PROFILE']);
    expect(await privateKeys(`verification/${seller.userId}/`)).toEqual([]);
    expect(await get(`UNIQUE#SUBDOMAIN#${m.subdomain}`, 'UNIQUE')).toBeUndefined();
    expect(await index('GSI1', 'SUBDOMAINS', m.subdomain)).toEqual([]);
    expect(await index('GSI1', 'COMPANIES', m.seller.company.toLowerCase())).toEqual([]);
    expect(await index('GSI1', 'USER_SETTINGS', seller.userId)).toEqual([]);
    expect(await index('GSI1', 'ROLE#seller', m.seller.username.toLowerCase())).toEqual([]);
    expect(await get(`UNIQUE#EMAIL#${seller.email}`, 'UNIQUE')).toBeUndefined();
    expect(await get(`UNIQUE#USERNAME#${m.seller.username.toLowerCase()}`, 'UNIQUE')).toBeUndefined();
    expect(await cognitoUserExists(seller.email)).toBe(false);
    // Its vouchers: soft-deleted (the items stay for the snapshots), out of the catalogue and its list.
    expect(await index('GSI1', `SELLER#${seller.userId}#VOUCHERS`)).toEqual([]);
    for (const voucher of m.vouchers) {
      expect(await get(`VOUCHER#${voucher.id}`, 'VOUCHER')).toMatchObject({ deleted_at: expect.any(String) });
      expect(await get('CATALOGUE', `VOUCHER#${voucher.id}`)).toBeUndefined();
    }
    // What stays for the retention: its orders, invoices, redemptions, sold vouchers and counters.
    expect(pks(await index('GSI2', `SELLER#${seller.userId}#ORDERS`))).toEqual([`ORDER#${m.order.id}`]);
    expect(await index('GSI1', `SELLER#${seller.userId}#INVOICES`)).toHaveLength(1);
    expect(await index('GSI2', `SELLER#${seller.userId}#REDEMPTIONS`)).toHaveLength(1);
    expect(pks(await index('GSI2', `SELLER#${seller.userId}#USER_VOUCHERS`))).toEqual(
      [`USER_VOUCHER#${m.userVoucherId}`, `USER_VOUCHER#${held.id}`].sort(),
    );
    // The holder still sees the voucher, with the seller as on the voucher (never the tombstone's placeholders).
    const view = await api('GET', `user-voucher/${held.id}`, { token: holder.token });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain('deleted-');
    expect(JSON.stringify(view.body)).not.toContain('@invalid');
    await aggregatesCaughtUp();
    expect((await partition(`SELLER#${seller.userId}#STATS`)).length).toBeGreaterThan(0);
    // Public pages are gone.
    expect((await api('GET', `seller/${seller.userId}`)).status).toBe(404);
    expect((await api('GET', `user/company/name?subdomain=${m.subdomain}`)).status).toBe(404);
    expect(await get(`USER#${seller.userId}`, 'COMPANY')).toBeUndefined();

    // Its scanner user went with it, by the same rules.
    expect(await index('GSI2', `SELLER#${seller.userId}#SCANNERS`)).toEqual([]);
    expectTombstone(await get(`USER#${scanner.userId}`, 'PROFILE'), scanner.userId, 'scanner', {
      seller_id: seller.userId,
    });
    expect(await get(`UNIQUE#EMAIL#${scanner.email}`, 'UNIQUE')).toBeUndefined();
    expect(await cognitoUserExists(scanner.email)).toBe(false);
    // The redemption keeps who scanned it, by id and the username as printed.
    expect(await get(`REDEMPTION#${m.redemptionId}`, 'REDEMPTION')).toMatchObject({
      scanned_by: { user_id: scanner.userId },
    });
    const sellerAudit = await index('GSI2', `USER#${seller.userId}#AUDITED`);
    const scannerAudit = await index('GSI2', `USER#${scanner.userId}#AUDITED`);
    expect(sellerAudit.map((a) => a.details)).toEqual([{ role: 'seller' }]);
    expect(scannerAudit.map((a) => a.details)).toEqual([{ role: 'scanner', seller_id: seller.userId }]);
  });

  it('a deletion that stopped halfway (after the mark and Cognito) locks the user out and finishes on the next call', async () => {
    const [admin, buyer] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
    // A wishlist entry as the wishlist repository writes it (no catalogue voucher for other tests to see).
    const voucher = { id: `v-${randomUUID()}` };
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: { PK: `USER#${buyer.userId}`, SK: `WISH#${voucher.id}` },
        UpdateExpression: 'SET entity = :e, voucher_id = :v, created_at = :now',
        ExpressionAttributeValues: { ':e': 'WishlistEntry', ':v': voucher.id, ':now': new Date().toISOString() },
      }),
    );
    expect(sks(await partition(`USER#${buyer.userId}`))).toEqual(['PROFILE', `WISH#${voucher.id}`]);
    // The crash: step 1 (mark + audit) and the Cognito deletion ran, nothing else.
    const at = new Date().toISOString();
    const entry = {
      id: randomUUID(),
      action: 'delete_user' as const,
      actor_id: admin.userId,
      target_id: buyer.userId,
      details: { role: 'user' },
      at,
    };
    expect(await users().startDeletion(buyer.userId, at, [], [audit().part(entry)])).toBe(true);
    expect(await users().startDeletion(buyer.userId, at, [], [])).toBe(false);
    await accountStatus().deleteAccounts(buyer.email);
    await accountStatus().deleteAccounts(buyer.email);
    expect((await api('POST', 'auth/login', { body: { email: buyer.email, password: TEST_PASSWORD } })).status).toBe(
      401,
    );

    expect((await api('DELETE', `user/${buyer.userId}`, { token: admin.token })).status).toBe(200);
    expect(sks(await partition(`USER#${buyer.userId}`))).toEqual(['PROFILE']);
    expectTombstone(await get(`USER#${buyer.userId}`, 'PROFILE'), buyer.userId, 'user');
    expect(await get(`UNIQUE#EMAIL#${buyer.email}`, 'UNIQUE')).toBeUndefined();
    expect(await index('GSI2', `USER#${buyer.userId}#AUDITED`)).toHaveLength(1);
  });

  it('a social-login buyer: the federated Cognito user and the identity go, a new sign-in makes a new account', async () => {
    const admin = await createTestAccount('admin');
    const subject = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
    const email = `social-${randomUUID().slice(0, 8)}@gmail.example`;
    const identities = JSON.stringify([
      { userId: subject, providerName: 'Google', providerType: 'Google', issuer: null, primary: true, dateCreated: 1 },
    ]);
    // The federated user as Cognito keeps it: cognito-local has no federation and wants e-mail user
    // names, so it is created by hand under its address (Cognito names it `Google_<id>`; the adapter
    // deletes whatever user names ListUsers answers for the e-mail).
    await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: env().COGNITO_USER_POOL_ID,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'identities', Value: identities },
        ],
      }),
    );
    const signIn = async () => {
      const event = {
        version: '1',
        region: 'eu-central-1',
        userPoolId: env().COGNITO_USER_POOL_ID,
        userName: `Google_${subject}`,
        callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: env().COGNITO_CLIENT_ID },
        triggerSource: 'TokenGeneration_HostedAuth',
        request: {
          userAttributes: {
            sub: randomUUID(),
            'cognito:user_status': 'EXTERNAL_PROVIDER',
            identities,
            email,
            email_verified: 'true',
            given_name: 'Florian',
            family_name: 'Egger',
          },
          groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
        },
        response: { claimsOverrideDetails: {} },
      } as unknown as PreTokenGenerationTriggerEvent;
      const answer = await preTokenGeneration(event);
      return answer.response.claimsOverrideDetails.claimsToAddOrOverride?.['custom:user_id'] as string;
    };
    const userId = await signIn();
    expect(await get(`UNIQUE#IDENTITY#google#${subject}`, 'UNIQUE')).toMatchObject({ user_id: userId });

    expect((await api('DELETE', `user/${userId}`, { token: admin.token })).status).toBe(200);
    expect(await cognitoUserExists(email)).toBe(false);
    expect(await get(`UNIQUE#IDENTITY#google#${subject}`, 'UNIQUE')).toBeUndefined();
    expect(await get(`UNIQUE#EMAIL#${email}`, 'UNIQUE')).toBeUndefined();
    expectTombstone(await get(`USER#${userId}`, 'PROFILE'), userId, 'user');

    const again = await signIn();
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(userId);
    expect(await get(`USER#${again}`, 'PROFILE')).toMatchObject({ email, first_name: 'Florian' });
  });

  it('refuses: own account and admins 422, other roles 403, unknown 404', async () => {
    const [admin, other, seller, buyer] = await Promise.all([
      createTestAccount('admin'),
      createTestAccount('admin'),
      createTestAccount('seller'),
      createTestAccount('user'),
    ]);
    expect(await api('DELETE', `user/${admin.userId}`, { token: admin.token })).toMatchObject({
      status: 422,
      body: { message: ACCOUNT_DELETION_TEXT.self },
    });
    expect(await api('DELETE', `user/${other.userId}`, { token: admin.token })).toMatchObject({
      status: 422,
      body: { message: ACCOUNT_DELETION_TEXT.admin },
    });
    expect((await api('DELETE', `user/${buyer.userId}`, { token: seller.token })).status).toBe(403);
    expect((await api('DELETE', `user/${seller.userId}`, { token: buyer.token })).status).toBe(403);
    expect((await api('DELETE', `user/${buyer.userId}`)).status).toBe(401);
    expect(await api('DELETE', `user/nobody-${randomUUID()}`, { token: admin.token })).toMatchObject({
      status: 404,
      body: { message: ACCOUNT_DELETION_TEXT.notFound },
    });
    // Nothing happened to anyone.
    expect(await get(`USER#${buyer.userId}`, 'PROFILE')).not.toHaveProperty('deleted_at');
    expect(await cognitoUserExists(buyer.email)).toBe(true);
    expect((await api('POST', 'auth/login', { body: { email: buyer.email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
  });
});
