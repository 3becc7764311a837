import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_TEXT,
  DOCUMENT_LINK_SECONDS,
  documentLinkResponseSchema,
  userStatusResponseSchema,
  verificationSummaryResponseSchema,
} from '@gm/shared/admin/seller-activation';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { CART_ID_HEADER } from '@gm/shared/orders/contracts';
import { createTestAccount, TEST_PASSWORD, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { issueOwnedVoucher } from '../../../../scripts/test/owned-voucher.ts';
import { createS3PrivateDocumentStorage } from '../../adapters/private-document-storage.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createAuditRepository } from '../../repositories/audit-repository.ts';
import { createCategoryRepository } from '../../repositories/category-repository.ts';
import { createCompanyRepository } from '../../repositories/company-repository.ts';
import {
  createVerificationRepository,
  verificationKeys,
  type VerificationRecord,
} from '../../repositories/verification-repository.ts';

/**
 * Seller activation (02 §1, 03 §7 "User flags", issue 11): a seller the product has not activated
 * builds drafts, but nothing of it is listed, sold on any channel or redeemed until an admin activates
 * it; activation needs the ID documents; the admin opens them through short-lived presigned links.
 */
const tag = `act-${Date.now()}`;
const CAT = `${tag}-cat`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let admin: TestAccount;
let buyer: TestAccount;

const db = () => documentClient();
const table = () => env().TABLE_NAME;
const audit = () => createAuditRepository(db(), table());

async function pendingSeller(options: { documents?: boolean; subdomain?: string } = {}) {
  const subdomain = options.subdomain ?? null;
  const seller = await createTestAccount('seller', { is_activated: false, subdomain });
  const now = new Date().toISOString();
  await createCompanyRepository(db(), table()).put({
    id: `company-${seller.userId}`,
    seller_id: seller.userId,
    name: `Prüfhof ${tag}`,
    description: null,
    url: null,
    logo: '/media/companies/pruefhof.png',
    header_logo: null,
    region_id: 1,
    vat_number: null,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    is_header_show: false,
    is_activated: false,
    created_at: now,
    updated_at: now,
  });
  let verification: VerificationRecord | undefined;
  if (options.documents !== false) {
    const documents = createS3PrivateDocumentStorage(s3Client(), env().PRIVATE_BUCKET);
    const front = `verification/${seller.userId}/front-${randomUUID().slice(0, 8)}.png`;
    const back = `verification/${seller.userId}/back-${randomUUID().slice(0, 8)}.png`;
    await documents.put(front, PNG, 'image/png');
    await documents.put(back, PNG, 'image/png');
    verification = {
      seller_id: seller.userId,
      first_name: 'Maria',
      last_name: 'Prüfer',
      bday: '1980-04-12',
      id_front_key: front,
      id_back_key: back,
      id_additional_key: null,
      status: 'submitted',
      verified_at: null,
      verified_by: null,
      created_at: now,
      updated_at: now,
    };
    await db().send(
      new TransactWriteCommand({
        TransactItems: [createVerificationRepository(db(), table()).createPart(verification)],
      }),
    );
  }
  return { seller, verification };
}

async function createVoucher(seller: TestAccount, title: string): Promise<Voucher> {
  const answer = await api('POST', 'voucher', {
    token: seller.token,
    body: {
      title,
      description: 'Ein Tag im Prüfhof',
      long_description: 'Lang',
      type: 'quantity',
      qty_val: 3000,
      min: 1,
      max: 5,
      voucher_category_id: CAT,
      target: 'Paare',
      season: 'Immer',
      tax: [{ tax: 20 }],
      validity_reason: 'Saisonal kalkuliert',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return voucherSchema.parse(answer.body);
}

const setStatus = (who: TestAccount, userId: string, isActivated: unknown) =>
  api('PUT', `user/user-status/${userId}`, { token: who.token, body: { isActivated } });

/** What the public and the sales channels see of one voucher of the seller. */
async function channels(seller: TestAccount, voucher: Voucher, subdomain: string) {
  const listed = await api('GET', `voucher?seller_id=${seller.userId}&paginate=50`);
  const searched = await api('POST', 'voucher/search', { body: { keyword: voucher.title } });
  const companies = await api('GET', 'company/all');
  return {
    listed: (listed.body.data as Voucher[]).some((v) => v.id === voucher.id),
    searched: (searched.body.data as Voucher[]).some((v) => v.id === voucher.id),
    detail: (await api('GET', `voucher/${voucher.id}`)).status,
    sellerPage: (await api('GET', `seller/${seller.userId}`)).status,
    carousel: (companies.body.data as Array<{ seller_id: string }>).some((c) => c.seller_id === seller.userId),
    tenantShop: (await api('GET', `user/company/name?subdomain=${subdomain}`)).status,
    cart: await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 1 } }),
    guestCart: await api('POST', 'order/guest', {
      body: { voucher_id: voucher.id, qty: 1 },
      headers: { [CART_ID_HEADER]: randomUUID() },
    }),
    directSale: await api('POST', 'order/direct-sale', {
      token: seller.token,
      body: { voucher_id: voucher.id, qty: 1 },
    }),
  };
}

beforeAll(async () => {
  [admin, buyer] = await Promise.all([createTestAccount('admin'), createTestAccount('user')]);
  await createCategoryRepository(db(), table()).putMany(
    [{ id: CAT, name: `Prüfung ${tag}`, slug: `pruefung-${tag}`, icon: null, logo: null }],
    [],
  );
});

describe('a seller not activated yet', () => {
  it('builds drafts but sells and redeems nothing on any channel until an admin activates it', async () => {
    const subdomain = `pruef${randomUUID().slice(0, 8)}`;
    const { seller } = await pendingSeller({ subdomain });
    const scanner = await createTestAccount('scanner', { seller_id: seller.userId });
    const voucher = await createVoucher(seller, `Prüfhof ${randomUUID().slice(0, 8)}`);
    expect(voucher.seller.is_activated).toBe(false);
    // Its own view of the draft works.
    expect((await api('GET', `voucher/${voucher.id}`, { token: seller.token })).status).toBe(200);
    const owned = await issueOwnedVoucher(buyer.userId, { seller_id: seller.userId });

    const before = await channels(seller, voucher, subdomain);
    expect(before).toMatchObject({
      listed: false,
      searched: false,
      detail: 404,
      sellerPage: 404,
      carousel: false,
      tenantShop: 404,
    });
    for (const refused of [before.cart, before.guestCart])
      expect(refused).toMatchObject({ status: 422, body: { message: ACTIVATION_TEXT.sellerNotActivated } });
    expect(before.directSale).toMatchObject({ status: 422, body: { message: ACTIVATION_TEXT.ownAccountNotActivated } });
    for (const who of [seller, scanner])
      expect(await api('POST', 'qr-code/scan', { token: who.token, body: { url: owned.code } })).toMatchObject({
        status: 422,
        body: { message: ACTIVATION_TEXT.ownAccountNotActivated },
      });
    const redeem = await api('POST', 'redemption', {
      token: seller.token,
      body: { order_id: owned.id, qty: 1 },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(redeem).toMatchObject({ status: 422, body: { message: ACTIVATION_TEXT.ownAccountNotActivated } });
    // The seller logs in all the same and sees that it is not activated.
    const login = await api('POST', 'auth/login', {
      body: { email: seller.email, password: TEST_PASSWORD },
    });
    expect(login).toMatchObject({ status: 200, body: { user: { isActivated: false } } });

    const since = Math.floor(Date.now() / 1000) - 1;
    const activated = await setStatus(admin, seller.userId, true);
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(userStatusResponseSchema.parse(activated.body)).toMatchObject({
      message: ACTIVATION_TEXT.activated,
      user: { id: seller.userId, isActivated: true },
    });
    const verification = await db().send(
      new GetCommand({ TableName: table(), Key: verificationKeys.item(seller.userId), ConsistentRead: true }),
    );
    expect(verification.Item).toMatchObject({ status: 'verified', verified_by: admin.userId });
    expect((await audit().listByTarget(seller.userId, 10)).items).toEqual([
      expect.objectContaining({ action: 'activate_seller', actor_id: admin.userId, target_id: seller.userId }),
    ]);
    const mails = (await sentMails(since)).filter((m) => m.destination.to.includes(seller.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('/login?status=verified');
    // Activating again changes nothing and sends no second mail.
    expect((await setStatus(admin, seller.userId, true)).status).toBe(200);
    expect((await sentMails(since)).filter((m) => m.destination.to.includes(seller.email))).toHaveLength(1);

    const after = await channels(seller, voucher, subdomain);
    expect(after).toMatchObject({
      listed: true,
      searched: true,
      detail: 200,
      sellerPage: 200,
      carousel: true,
      tenantShop: 200,
    });
    expect(after.cart.status, JSON.stringify(after.cart.body)).toBe(201);
    expect(after.guestCart.status).toBe(201);
    expect(after.directSale.status).toBe(201);
    for (const who of [seller, scanner])
      expect((await api('POST', 'qr-code/scan', { token: who.token, body: { url: owned.code } })).status).toBe(200);

    // Deactivated again: a cart filled before is refused at payment, a direct sale at completion.
    expect((await setStatus(admin, seller.userId, false)).body.user.isActivated).toBe(false);
    const pay = await api('POST', 'order/payment', {
      token: buyer.token,
      body: { payment_type: 'card', payment_method: 'pm_card_visa' },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(pay).toMatchObject({ status: 422, body: { errors: { cart: [ACTIVATION_TEXT.sellerNotActivated] } } });
    const gift = await api('POST', 'order/gift-voucher', {
      token: seller.token,
      body: { order_id: after.directSale.body.data.id, giftType: ['pdf'] },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(gift).toMatchObject({ status: 422, body: { message: ACTIVATION_TEXT.ownAccountNotActivated } });
    expect(await channels(seller, voucher, subdomain)).toMatchObject({ listed: false, searched: false, detail: 404 });
    // Clean up the buyer's cart for the other tests of this file.
    await api('DELETE', `order/${after.cart.body.data.id}`, { token: buyer.token });
  });

  it('refuses activation while the documents are missing (partners excepted), one’s own account and non-admins', async () => {
    const { seller } = await pendingSeller({ documents: false });
    expect(await setStatus(admin, seller.userId, true)).toMatchObject({
      status: 422,
      body: { errors: { isActivated: [ACTIVATION_TEXT.documentsMissing] } },
    });
    expect(await setStatus(admin, admin.userId, false)).toMatchObject({
      status: 422,
      body: { errors: { isActivated: [ACTIVATION_TEXT.notYourself] } },
    });
    expect((await setStatus(seller, seller.userId, true)).status).toBe(403);
    expect((await setStatus(buyer, seller.userId, true)).status).toBe(403);
    expect((await setStatus(admin, seller.userId, 'ja')).status).toBe(422);
    // Without a body the call toggles (the spec's call sends none): still refused without documents.
    expect((await api('PUT', `user/user-status/${seller.userId}`, { token: admin.token })).status).toBe(422);
    expect((await setStatus(admin, `nobody-${randomUUID()}`, true)).status).toBe(404);

    const partner = await createTestAccount('seller', { is_activated: false, is_partner: true });
    expect((await setStatus(admin, partner.userId, true)).body.user).toMatchObject({ isActivated: true });
  });
});

describe('deactivating a buyer', () => {
  it('refuses its login with a German message until it is activated again; each change is audited', async () => {
    const user = await createTestAccount('user');
    const off = await setStatus(admin, user.userId, false);
    expect(off).toMatchObject({
      status: 200,
      body: { message: ACTIVATION_TEXT.deactivated, user: { isActivated: false } },
    });
    expect(await api('POST', 'auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).toMatchObject({
      status: 403,
      body: { message: ACTIVATION_TEXT.accountDeactivated },
    });
    // The body-less call toggles: back to activated.
    expect(await api('PUT', `user/user-status/${user.userId}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { user: { isActivated: true } },
    });
    expect((await api('POST', 'auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
    const actions = (await audit().listByTarget(user.userId, 10)).items.map((entry) => entry.action);
    expect(actions).toEqual(['activate_user', 'deactivate_user']);
  });
});

describe('document review', () => {
  it('answers admins a presigned link valid ≤ 60 s, never cached, and records every view', async () => {
    const { seller } = await pendingSeller();
    const summary = await api('GET', `user/${seller.userId}/verification`, { token: admin.token });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(verificationSummaryResponseSchema.parse(summary.body).data).toMatchObject({
      user_id: seller.userId,
      isActivated: false,
      can_activate: true,
      verification: {
        first_name: 'Maria',
        last_name: 'Prüfer',
        bday: '1980-04-12',
        status: 'submitted',
        documents: { front: true, back: true, additional: false },
      },
    });
    expect(JSON.stringify(summary.body)).not.toContain('verification/');

    for (const who of [seller, buyer]) {
      expect((await api('GET', `user/${seller.userId}/verification`, { token: who.token })).status).toBe(403);
      expect(
        (
          await api('POST', `user/${seller.userId}/verification-document`, {
            token: who.token,
            body: { kind: 'front' },
          })
        ).status,
      ).toBe(403);
    }
    expect((await api('POST', `user/${seller.userId}/verification-document`, { body: { kind: 'front' } })).status).toBe(
      401,
    );

    const link = await api('POST', `user/${seller.userId}/verification-document`, {
      token: admin.token,
      body: { kind: 'front' },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.headers.get('cache-control')).toBe('no-store');
    const { url, expires_in } = documentLinkResponseSchema.parse(link.body);
    expect(expires_in).toBeLessThanOrEqual(60);
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(DOCUMENT_LINK_SECONDS);
    expect(url).not.toContain('/media/');
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    expect(
      await api('POST', `user/${seller.userId}/verification-document`, {
        token: admin.token,
        body: { kind: 'additional' },
      }),
    ).toMatchObject({ status: 404, body: { message: ACTIVATION_TEXT.documentMissing } });
    const views = (await audit().listByTarget(seller.userId, 10)).items.filter((e) => e.action === 'view_document');
    expect(views).toEqual([
      expect.objectContaining({ actor_id: admin.userId, target_id: seller.userId, details: { kind: 'front' } }),
    ]);

    const checked = await api('PUT', `user/${seller.userId}/verification`, {
      token: admin.token,
      body: { status: 'verified' },
    });
    expect(checked).toMatchObject({
      status: 200,
      body: {
        message: ACTIVATION_TEXT.verified,
        data: { verification: { status: 'verified', verified_by: admin.userId } },
      },
    });
  });
});
