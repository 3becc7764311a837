import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  sellerVoucherListSchema,
  voucherSchema,
  voucherWithStatsSchema,
  type Voucher,
} from '@gm/shared/catalogue/contracts';
import { userSettingsResponseSchema, globalSettingsResponseSchema } from '@gm/shared/settings/contracts';
import { formatAmount } from '@gm/shared/money/money';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { documentClient, s3Client } from '../../lib/clients.ts';
import { uploads } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import type { Actor } from '../../lib/auth.ts';
import { createCategoryRepository } from '../../repositories/category-repository.ts';
import { createCompanyRepository } from '../../repositories/company-repository.ts';
import { createSettingsRepository } from '../../repositories/settings-repository.ts';
import { createVoucherRepository, voucherKeys } from '../../repositories/voucher-repository.ts';
import { testPng, uploadImageBytes } from '../../../../scripts/test/uploads.ts';

const REQUIRED = 'Dieses Feld muss ausgefüllt werden';
const tag = `sv-${Date.now()}`;
const CAT = `${tag}-cat`;
const SUB = `${tag}-sub`;
const FLAT = `${tag}-flat`;
const OTHER = `${tag}-other`;
const OTHER_SUB = `${tag}-other-sub`;

let sellerA: TestAccount;
let sellerB: TestAccount;
let sellerC: TestAccount;
let admin: TestAccount;
let buyer: TestAccount;

const db = () => documentClient();
const table = () => env().TABLE_NAME;
const raw = async (key: { PK: string; SK: string }) =>
  (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const actorOf = (a: TestAccount): Actor => ({ userId: a.userId, role: a.role, roleId: 2, email: a.email });

/** A valid builder form (product voucher at 49,00 €). */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Wellness-Tag',
    description: 'Ein Tag Entspannung im Spa',
    long_description: 'Sauna, Pool und eine Massage für zwei.',
    type: 'quantity',
    qty_val: 4900,
    min: 1,
    max: 10,
    voucher_category_id: CAT,
    subcategory_id: SUB,
    target: 'Paare',
    season: 'Immer',
    tax: [{ tax: 20 }],
    validity_reason: 'Preise und Leistungen sind saisonal kalkuliert',
    ...overrides,
  };
}

async function create(account: TestAccount, overrides: Record<string, unknown> = {}): Promise<Voucher> {
  const res = await api('POST', 'voucher', { token: account.token, body: form(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return voucherSchema.parse(res.body);
}

/** A real PNG of exactly `size` bytes (the server decodes every upload). */
const png = (size = 200) => testPng({ size });

/** POST upload/image, then POST the bytes to the presigned form upload as the browser does. */
async function upload(
  account: TestAccount,
  purpose: 'voucher-background' | 'voucher-image',
  bytes: Uint8Array<ArrayBuffer> = png(),
): Promise<string> {
  return uploadImageBytes(account.token, purpose, bytes);
}

beforeAll(async () => {
  [sellerA, sellerB, sellerC, admin, buyer] = await Promise.all([
    createTestAccount('seller', { region_id: 4 }),
    createTestAccount('seller'),
    createTestAccount('seller'),
    createTestAccount('admin'),
    createTestAccount('user'),
  ]);
  await createCategoryRepository(db(), table()).putMany(
    [
      { id: CAT, name: `Wellness ${tag}`, slug: `wellness-${tag}`, icon: null, logo: null },
      { id: FLAT, name: `Kurse ${tag}`, slug: `kurse-${tag}`, icon: null, logo: null },
      { id: OTHER, name: `Genuss ${tag}`, slug: `genuss-${tag}`, icon: null, logo: null },
    ],
    [
      { id: SUB, category_id: CAT, name: 'Massage' },
      { id: OTHER_SUB, category_id: OTHER, name: 'Wein' },
    ],
  );
  const now = new Date().toISOString();
  await createCompanyRepository(db(), table()).put({
    id: `company-${sellerA.userId}`,
    seller_id: sellerA.userId,
    name: `Alpen Spa ${tag}`,
    description: null,
    url: 'https://alpenspa.example',
    logo: '/media/companies/a/logo.png',
    header_logo: null,
    region_id: 2,
    vat_number: null,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    is_header_show: false,
    created_at: now,
    updated_at: now,
  });
  const settings = createSettingsRepository(db(), table());
  await settings.putSeller({ user_id: sellerA.userId, minimum_voucher_value: 1000 }, now);
  await settings.putSeller(
    { user_id: sellerB.userId, minimum_voucher_value: 100, sales_commission_percentage: 2.5 },
    now,
  );
});

describe('creating a voucher', () => {
  it('stores the form with server-computed prices, tax, validity, seller, region and catalogue entry', async () => {
    const voucher = await create(sellerA, {
      limit_validity: true,
      valid_day: ['Sa', 'So'],
      months: [12, 1, 2],
      expiry_date: 6,
    });
    expect(voucher).toMatchObject({
      title: 'Wellness-Tag',
      type: 'quantity',
      qty_val: 4900,
      qty_min: 1,
      qty_max: 10,
      val_min: null,
      val_max: null,
      price_filter: 4900,
      voucher_category_id: CAT,
      category: { id: CAT, name: `Wellness ${tag}`, slug: `wellness-${tag}` },
      subcategory_id: SUB,
      region_id: 2,
      seller_id: sellerA.userId,
      seller: {
        id: sellerA.userId,
        company: {
          name: `Alpen Spa ${tag}`,
          logo: '/media/companies/a/logo.png',
          region: 'Innsbruck und Umgebung',
          url: 'https://alpenspa.example',
        },
      },
      is_active: true,
      is_featured: false,
      is_tourism: false,
      display: 'all',
      valid_day: ['Sa', 'So'],
      months: [1, 2, 12],
      expiry_date: 6,
      validity_reason: 'Preise und Leistungen sind saisonal kalkuliert',
      tax: [{ tax: 20, label: '20 %', value: 4900 }],
      background_image: null,
      sold_count: 0,
    });
    expect(Object.keys(voucher)).not.toContain('version');
    const publicRead = await api('GET', `voucher/${voucher.id}`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.body).toEqual(voucher);
    const entry = await raw(voucherKeys.catalogue(voucher.id));
    expect(entry).toMatchObject({
      entity: 'CatalogueEntry',
      price_filter: 4900,
      is_active: true,
      search_text: expect.stringContaining(`alpen spa ${tag}`),
    });
    const listed = await api('GET', `voucher?seller_id=${sellerA.userId}&paginate=50`);
    expect(listed.body.data.map((v: { id: string }) => v.id)).toContain(voucher.id);
  });

  it('stores a value voucher with several tax rates, and the seller’s region when there is no company', async () => {
    const voucher = await create(sellerC, {
      type: 'value',
      qty_val: null,
      min: 2000,
      max: 30000,
      voucher_category_id: FLAT,
      subcategory_id: null,
      tax: [
        { tax: 20, value: 1500 },
        { tax: 10, value: 500 },
      ],
      note: 'Nicht mit anderen Aktionen kombinierbar',
    });
    expect(voucher).toMatchObject({
      type: 'value',
      qty_val: null,
      val_min: 2000,
      val_max: 30000,
      price_filter: 2000,
      subcategory_id: null,
      region_id: 1,
      seller: { company: null },
    });
    expect(voucher.tax).toEqual([
      { tax: 20, label: '20 %', value: 1500 },
      { tax: 10, label: '10 %', value: 500 },
    ]);
  });
});

describe('validation: every rule answers 422 with the German message', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['title missing', { title: '' }, 'title', REQUIRED],
    ['title over 30', { title: 'x'.repeat(31) }, 'title', 'Es dürfen maximal 30 Zeichen verwendet werden.'],
    ['short description missing', { description: undefined }, 'description', REQUIRED],
    [
      'short description over 120',
      { description: 'x'.repeat(121) },
      'description',
      'Es dürfen maximal 120 Zeichen verwendet werden.',
    ],
    [
      'long description over 500',
      { long_description: 'x'.repeat(501) },
      'long_description',
      'Es dürfen maximal 500 Zeichen verwendet werden.',
    ],
    ['validity years outside 4–10', { expiry_date: 11 }, 'expiry_date', REQUIRED],
    ['unknown category', { voucher_category_id: `${tag}-none` }, 'voucher_category_id', REQUIRED],
    ['no category', { voucher_category_id: '' }, 'voucher_category_id', REQUIRED],
    ['sub-category missing where the category has some', { subcategory_id: null }, 'subcategory_id', REQUIRED],
    ['sub-category of another category', { subcategory_id: OTHER_SUB }, 'subcategory_id', REQUIRED],
    [
      'sub-category for a category without any',
      { voucher_category_id: FLAT, subcategory_id: SUB },
      'subcategory_id',
      REQUIRED,
    ],
    ['unknown target group', { target: 'Hunde' }, 'target', REQUIRED],
    ['unknown season', { season: 'Frühling' }, 'season', REQUIRED],
    ['product price missing', { qty_val: null }, 'qty_val', REQUIRED],
    [
      'product price below the seller’s minimum (10,00 €)',
      { qty_val: 999 },
      'qty_val',
      'Der Wert muss mindestens sein 10,00 €.',
    ],
    ['product min below 1', { min: 0 }, 'min', 'Der Wert muss mindestens sein 1.'],
    ['product min not whole', { min: 1.5 }, 'min', 'Der Wert muss eine ganze Zahl sein.'],
    ['product max below min', { min: 5, max: 2 }, 'max', 'Der Wert muss mindestens sein 5.'],
    ['max missing', { max: undefined }, 'max', REQUIRED],
    [
      'value min below the seller’s minimum',
      { type: 'value', qty_val: null, min: 900, max: 5000 },
      'min',
      'Der Wert muss mindestens sein 10,00 €.',
    ],
    [
      'value max below min',
      { type: 'value', qty_val: null, min: 5000, max: 3000 },
      'max',
      'Der Wert muss mindestens sein 50,00 €.',
    ],
    ['type unknown', { type: 'buyer' }, 'type', REQUIRED],
    ['tax missing', { tax: undefined }, 'tax', REQUIRED],
    ['tax rate not offered', { tax: [{ tax: 7 }] }, 'tax.0.tax', REQUIRED],
    ['amount missing with several rates', { tax: [{ tax: 20, value: 3000 }, { tax: 10 }] }, 'tax.1.value', REQUIRED],
    ['no month while the validity is limited', { limit_validity: true, months: [] }, 'months', REQUIRED],
    ['no weekday while the validity is limited', { limit_validity: true, valid_day: [] }, 'valid_day', REQUIRED],
    ['unknown weekday', { limit_validity: true, valid_day: ['Xy'] }, 'valid_day.0', REQUIRED],
    [
      'date range ending before it starts',
      { valid_date: [{ start: '2027-05-01', end: '2027-04-01' }] },
      'valid_date.0.end',
      'Bitte gib ein gültiges Datum ein',
    ],
    ['reason for the limited validity missing', { validity_reason: undefined }, 'validity_reason', REQUIRED],
    [
      'reason for the limited validity too short',
      { validity_reason: 'Saison' },
      'validity_reason',
      'Muss mindestens 10 Zeichen enthalten.',
    ],
    ['colour not a colour', { background_color: 'red' }, 'background_color', 'Bitte gib eine gültige Farbe ein.'],
    ['display option unknown', { display: 'everywhere' }, 'display', REQUIRED],
    ['malformed upload id', { background_upload_id: 'bad id!' }, 'background_upload_id', 'Ungültiger Upload.'],
    [
      'upload that does not exist',
      { image_2_upload_id: 'abcdefghijklmnop' },
      'image_2_upload_id',
      'Das Bild konnte nicht übernommen werden. Bitte lade es erneut hoch.',
    ],
  ];

  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const res = await api('POST', 'voucher', { token: sellerA.token, body: form(overrides) });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[field], JSON.stringify(res.body.errors)).toEqual([message]);
  });

  it('refuses a body that is not JSON, and nothing was created by any refused request', async () => {
    const before = (await api('GET', 'voucher/seller-vouchers?paginate=100', { token: sellerA.token })).body.total;
    const res = await api('POST', 'voucher', {
      token: sellerA.token,
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    const notJson = await fetch(new URL('voucher', inject('apiUrl')), {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerA.token}`, 'content-type': 'application/json' },
      body: '{title:',
    });
    expect(notJson.status).toBe(422);
    expect((await api('GET', 'voucher/seller-vouchers?paginate=100', { token: sellerA.token })).body.total).toBe(
      before,
    );
  });
});

describe('minimum voucher value from the settings', () => {
  it('applies the seller’s own minimum over the global one', async () => {
    // Seller B's own minimum is 1,00 €: a 2,00 € voucher is fine for B, too cheap for A (10,00 €).
    expect((await api('POST', 'voucher', { token: sellerB.token, body: form({ qty_val: 200 }) })).status).toBe(201);
    const refused = await api('POST', 'voucher', { token: sellerA.token, body: form({ qty_val: 200 }) });
    expect(refused.body.errors.qty_val).toEqual(['Der Wert muss mindestens sein 10,00 €.']);
  });

  it('applies the global minimum to a seller without own settings', async () => {
    const global = globalSettingsResponseSchema.parse(
      (await api('GET', 'global-settings', { token: sellerC.token })).body,
    ).data;
    const below = global.minimum_voucher_value - 1;
    const refused = await api('POST', 'voucher', { token: sellerC.token, body: form({ qty_val: Math.max(below, 0) }) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.qty_val).toEqual([
      `Der Wert muss mindestens sein ${formatAmount(Math.max(global.minimum_voucher_value, 1))} €.`,
    ]);
  });
});

describe('settings, read side', () => {
  it('answers the global settings to admins and sellers only', async () => {
    const res = await api('GET', 'global-settings', { token: admin.token });
    expect(res.status).toBe(200);
    expect(() => globalSettingsResponseSchema.parse(res.body)).not.toThrow();
    expect((await api('GET', 'global-settings', { token: buyer.token })).status).toBe(403);
    expect((await api('GET', 'global-settings')).status).toBe(401);
  });

  it('answers a seller’s effective settings with its overrides; a seller only its own', async () => {
    const global = globalSettingsResponseSchema.parse(
      (await api('GET', 'global-settings', { token: admin.token })).body,
    ).data;
    const own = await api('GET', `user-settings/by-user?user_id=${sellerB.userId}`, { token: sellerB.token });
    expect(own.status).toBe(200);
    expect(userSettingsResponseSchema.parse(own.body).data).toEqual({
      ...global,
      minimum_voucher_value: 100,
      sales_commission_percentage: 2.5,
      user_id: sellerB.userId,
      overrides: { minimum_voucher_value: 100, sales_commission_percentage: 2.5 },
      // Issue 11: the seller's id while it has settings of its own (the admin form then updates).
      id: sellerB.userId,
    });
    expect((await api('GET', `user-settings/by-user?user_id=${sellerB.userId}`, { token: sellerA.token })).status).toBe(
      403,
    );
    const byAdmin = await api('GET', `user-settings/by-user?user_id=${sellerC.userId}`, { token: admin.token });
    expect(byAdmin.body.data).toEqual({ ...global, user_id: sellerC.userId, overrides: {}, id: null });
    expect((await api('GET', 'user-settings/by-user', { token: admin.token })).body.errors.user_id).toEqual([REQUIRED]);
    expect((await api('GET', 'user-settings/by-user?user_id=nobody-here', { token: admin.token })).status).toBe(404);
  });
});

describe('updating, toggling and statistics', () => {
  it('updates the whole form, keeps sales, featured flag and creation time, and requires display', async () => {
    const voucher = await create(sellerA);
    // What orders and the admin write meanwhile: a sale and the featured flag.
    for (const key of [voucherKeys.voucher(voucher.id), voucherKeys.catalogue(voucher.id)]) {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: 'ADD sold_count :three SET is_featured = :t',
          ExpressionAttributeValues: { ':three': 3, ':t': true },
        }),
      );
    }
    const noDisplay = await api('POST', `voucher/${voucher.id}`, {
      token: sellerA.token,
      body: form({ title: 'Neu' }),
    });
    expect(noDisplay.body.errors.display).toEqual([REQUIRED]);
    const res = await api('POST', `voucher/${voucher.id}`, {
      token: sellerA.token,
      body: form({
        title: 'Spa für zwei',
        display: 'marketplace',
        type: 'value',
        qty_val: null,
        min: 5000,
        max: 20000,
        tax: 'unsure',
        background_color: '#123456',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = voucherSchema.parse(res.body);
    expect(updated).toMatchObject({
      id: voucher.id,
      title: 'Spa für zwei',
      display: 'marketplace',
      type: 'value',
      qty_val: null,
      qty_min: null,
      val_min: 5000,
      price_filter: 5000,
      tax: 'unsure',
      sold_count: 3,
      is_featured: true,
      created_at: voucher.created_at,
    });
    expect(updated.styling.background_color).toBe('#123456');
    const entry = await raw(voucherKeys.catalogue(voucher.id));
    expect(entry).toMatchObject({
      title: 'Spa für zwei',
      price_filter: 5000,
      sold_count: 3,
      is_featured: true,
      created_at: voucher.created_at,
      display: 'marketplace',
    });
    expect((await raw(voucherKeys.voucher(voucher.id)))?.version).toBe(2);
  });

  it('toggles active with the spec’s texts; an inactive voucher leaves the public lists but not the seller’s', async () => {
    const voucher = await create(sellerA);
    const off = await api('POST', `voucher/update-status/${voucher.id}`, { token: sellerA.token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Gutscheine deaktiveren.');
    expect(voucherSchema.parse(off.body.voucher).is_active).toBe(false);
    expect((await api('GET', `voucher/${voucher.id}`)).status).toBe(404);
    expect((await api('GET', `voucher/${voucher.id}`, { token: sellerA.token })).body.is_active).toBe(false);
    expect((await raw(voucherKeys.catalogue(voucher.id)))?.is_active).toBe(false);
    const publicList = await api('GET', `voucher?seller_id=${sellerA.userId}&paginate=100`);
    expect(publicList.body.data.map((v: { id: string }) => v.id)).not.toContain(voucher.id);
    const own = sellerVoucherListSchema.parse(
      (await api('GET', 'voucher/seller-vouchers?paginate=100', { token: sellerA.token })).body,
    );
    expect(own.data.find((v) => v.id === voucher.id)?.is_active).toBe(false);
    const on = await api('POST', `voucher/update-status/${voucher.id}`, { token: sellerA.token });
    expect(on.body).toMatchObject({ message: 'Gutscheine aktivieren.', voucher: { is_active: true } });
  });

  it('answers statistics to the owner and admins, zeros until something is sold', async () => {
    const voucher = await create(sellerA);
    const empty = await api('GET', `voucher/${voucher.id}?with_stat=1`, { token: sellerA.token });
    expect(voucherWithStatsSchema.parse(empty.body).stats).toEqual({
      sold_count: 0,
      sold_qty: 0,
      gross: 0,
      redemption_count: 0,
      redeemed_value: 0,
    });
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...voucherKeys.stats(voucher.id),
          entity: 'VoucherStats',
          sold_count: 2,
          sold_qty: 3,
          gross: 14700,
          redemption_count: 1,
          redeemed_value: 4900,
        },
      }),
    );
    const filled = await api('GET', `voucher/${voucher.id}?with_stat=1`, { token: admin.token });
    expect(filled.body.stats).toEqual({
      sold_count: 2,
      sold_qty: 3,
      gross: 14700,
      redemption_count: 1,
      redeemed_value: 4900,
    });
    expect((await api('GET', `voucher/${voucher.id}`, { token: sellerA.token })).body.stats).toBeUndefined();
  });

  it('pages the seller’s own vouchers, 9 by default, newest first, inactive included', async () => {
    const seller = await createTestAccount('seller');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await create(seller, { title: `Gutschein ${i}` })).id);
    await api('POST', `voucher/update-status/${ids[0]}`, { token: seller.token });
    const first = sellerVoucherListSchema.parse(
      (await api('GET', 'voucher/seller-vouchers', { token: seller.token })).body,
    );
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 10, per_page: 9, from: 1, to: 9 });
    expect(first.data.map((v) => v.id)).toEqual(ids.slice(1).reverse());
    expect(first.next_page_url).toContain('voucher/seller-vouchers?page=2');
    const second = await fetch(first.next_page_url!, { headers: { authorization: `Bearer ${seller.token}` } });
    const page2 = sellerVoucherListSchema.parse(await second.json());
    expect(page2.data.map((v) => ({ id: v.id, active: v.is_active }))).toEqual([{ id: ids[0], active: false }]);
    // Nobody else's vouchers, and an empty list for a seller without any.
    expect(
      (await api('GET', 'voucher/seller-vouchers', { token: sellerB.token })).body.data.map(
        (v: { id: string }) => v.id,
      ),
    ).not.toContain(ids[1]);
    expect(
      (await api('GET', 'voucher/seller-vouchers', { token: (await createTestAccount('seller')).token })).body,
    ).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect((await api('GET', 'voucher/seller-vouchers?page=0', { token: seller.token })).body.errors.page).toEqual([
      'Der Wert muss mindestens sein 1.',
    ]);
  });
});

describe('ownership: another seller cannot touch a voucher', () => {
  it('refuses statistics, update, toggle, delete and background, and nothing changes', async () => {
    const voucher = await create(sellerA);
    const before = await raw(voucherKeys.voucher(voucher.id));
    const bgOfB = await upload(sellerB, 'voucher-background');
    expect((await api('GET', `voucher/${voucher.id}?with_stat=1`, { token: sellerB.token })).status).toBe(403);
    expect((await api('GET', `voucher/${voucher.id}?with_stat=1`)).status).toBe(403);
    expect(
      (
        await api('POST', `voucher/${voucher.id}`, {
          token: sellerB.token,
          body: form({ title: 'Gekapert', display: 'all' }),
        })
      ).status,
    ).toBe(404);
    expect((await api('POST', `voucher/update-status/${voucher.id}`, { token: sellerB.token })).status).toBe(404);
    expect((await api('DELETE', `voucher/${voucher.id}`, { token: sellerB.token })).status).toBe(404);
    expect(
      (await api('POST', `voucher/upload-bg-img/${voucher.id}`, { token: sellerB.token, body: { upload_id: bgOfB } }))
        .status,
    ).toBe(404);
    for (const token of [buyer.token, admin.token]) {
      expect((await api('POST', `voucher/${voucher.id}`, { token, body: form({ display: 'all' }) })).status).toBe(403);
      expect((await api('DELETE', `voucher/${voucher.id}`, { token })).status).toBe(403);
    }
    expect(await raw(voucherKeys.voucher(voucher.id))).toEqual(before);
    // B's upload was not used up by the refused request.
    await expect(uploads().describe(actorOf(sellerB), bgOfB, 'voucher-background')).resolves.toMatchObject({
      size: 200,
    });
  });

  it('treats a voucher id that does not exist as not found', async () => {
    expect((await api('POST', 'voucher/update-status/no-such-voucher', { token: sellerA.token })).status).toBe(404);
    expect((await api('DELETE', 'voucher/no-such-voucher', { token: sellerA.token })).body).toEqual({
      message: 'Gutschein nicht gefunden.',
    });
  });
});

describe('deleting', () => {
  it('soft-deletes: gone from GET voucher, GET voucher/{id} and the seller list, kept in the table without index keys', async () => {
    const voucher = await create(sellerA);
    const res = await api('DELETE', `voucher/${voucher.id}`, { token: sellerA.token });
    expect(res).toMatchObject({ status: 200, body: { message: 'Der Gutschein wurde gelöscht.' } });
    for (const token of [undefined, sellerA.token, admin.token])
      expect((await api('GET', `voucher/${voucher.id}`, { token })).status).toBe(404);
    expect((await api('GET', `voucher/${voucher.id}?with_stat=1`, { token: sellerA.token })).status).toBe(404);
    const own = await api('GET', 'voucher/seller-vouchers?paginate=100', { token: sellerA.token });
    expect(own.body.data.map((v: { id: string }) => v.id)).not.toContain(voucher.id);
    const publicList = await api('GET', `voucher?seller_id=${sellerA.userId}&paginate=100`);
    expect(publicList.body.data.map((v: { id: string }) => v.id)).not.toContain(voucher.id);
    const stored = await raw(voucherKeys.voucher(voucher.id));
    expect(stored?.deleted_at).toEqual(expect.any(String));
    expect(stored?.GSI1PK).toBeUndefined();
    expect(await raw(voucherKeys.catalogue(voucher.id))).toBeUndefined();
    // Deleted is final: no second delete, no update, toggle or background.
    expect((await api('DELETE', `voucher/${voucher.id}`, { token: sellerA.token })).status).toBe(404);
    expect(
      (await api('POST', `voucher/${voucher.id}`, { token: sellerA.token, body: form({ display: 'all' }) })).status,
    ).toBe(404);
    expect((await api('POST', `voucher/update-status/${voucher.id}`, { token: sellerA.token })).status).toBe(404);
    expect(await raw(voucherKeys.catalogue(voucher.id))).toBeUndefined();
  });

  it('refuses to delete a tourism voucher', async () => {
    const voucher = await create(sellerA);
    const vouchers = createVoucherRepository(db(), table());
    await vouchers.put({ ...voucher, id: `${voucher.id}-tourism`, is_tourism: true });
    const res = await api('DELETE', `voucher/${voucher.id}-tourism`, { token: sellerA.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Tourismus-Gutscheine können nicht gelöscht werden.');
    expect((await raw(voucherKeys.voucher(`${voucher.id}-tourism`)))?.deleted_at).toBeUndefined();
  });
});

describe('races', () => {
  it('update against delete: the voucher ends deleted and its catalogue entry never comes back', async () => {
    for (let round = 0; round < 6; round++) {
      const voucher = await create(sellerA);
      const [updated, deleted] = await Promise.all([
        api('POST', `voucher/${voucher.id}`, {
          token: sellerA.token,
          body: form({ title: `Runde ${round}`, display: 'all' }),
        }),
        api('DELETE', `voucher/${voucher.id}`, { token: sellerA.token }),
      ]);
      expect([200, 404], JSON.stringify(updated.body)).toContain(updated.status);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await raw(voucherKeys.catalogue(voucher.id))).toBeUndefined();
      expect((await raw(voucherKeys.voucher(voucher.id)))?.deleted_at).toEqual(expect.any(String));
      expect((await api('GET', `voucher/${voucher.id}`)).status).toBe(404);
    }
  });

  it('toggle against delete leaves no catalogue entry either', async () => {
    for (let round = 0; round < 4; round++) {
      const voucher = await create(sellerA);
      const [toggled, deleted] = await Promise.all([
        api('POST', `voucher/update-status/${voucher.id}`, { token: sellerA.token }),
        api('DELETE', `voucher/${voucher.id}`, { token: sellerA.token }),
      ]);
      expect([200, 404]).toContain(toggled.status);
      expect(deleted.status).toBe(200);
      expect(await raw(voucherKeys.catalogue(voucher.id))).toBeUndefined();
    }
  });

  it('two toggles at once flip twice: none is lost', async () => {
    const voucher = await create(sellerA);
    const answers = await Promise.all(
      [1, 2].map(() => api('POST', `voucher/update-status/${voucher.id}`, { token: sellerA.token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.message).sort()).toEqual(['Gutscheine aktivieren.', 'Gutscheine deaktiveren.']);
    expect((await raw(voucherKeys.voucher(voucher.id)))?.is_active).toBe(true);
    expect((await raw(voucherKeys.catalogue(voucher.id)))?.is_active).toBe(true);
  });
});

describe('images through the upload route', () => {
  it('publishes background and extra images on create, replaces and removes them on update', async () => {
    const background = await upload(sellerA, 'voucher-background');
    const extra = await upload(sellerA, 'voucher-image', png(300));
    const voucher = await create(sellerA, { background_upload_id: background, image_1_upload_id: extra });
    expect(voucher.background_image).toBe(`/media/vouchers/${voucher.id}/background-${background}.png`);
    expect(voucher.image_1).toBe(`/media/vouchers/${voucher.id}/image-1-${extra}.png`);
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: voucher.background_image!.slice(1) }),
    );
    expect((await object.Body!.transformToByteArray()).length).toBe(200);
    expect((await raw(voucherKeys.catalogue(voucher.id)))?.background_image).toBe(voucher.background_image);

    // An upload is used once.
    const again = await api('POST', 'voucher', {
      token: sellerA.token,
      body: form({ background_upload_id: background }),
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.background_upload_id).toEqual([
      'Das Bild konnte nicht übernommen werden. Bitte lade es erneut hoch.',
    ]);

    // Update without image fields keeps them; remove flags clear them.
    const kept = await api('POST', `voucher/${voucher.id}`, { token: sellerA.token, body: form({ display: 'all' }) });
    expect(kept.body).toMatchObject({ background_image: voucher.background_image, image_1: voucher.image_1 });
    const cleared = await api('POST', `voucher/${voucher.id}`, {
      token: sellerA.token,
      body: form({ display: 'all', remove_bg: true, remove_images: ['image_1'] }),
    });
    expect(cleared.body).toMatchObject({ background_image: null, image_1: null });
  });

  it('sets the background through voucher/upload-bg-img/{id}', async () => {
    const voucher = await create(sellerA);
    const background = await upload(sellerA, 'voucher-background');
    const res = await api('POST', `voucher/upload-bg-img/${voucher.id}`, {
      token: sellerA.token,
      body: { upload_id: background },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(voucherSchema.parse(res.body).background_image).toBe(
      `/media/vouchers/${voucher.id}/background-${background}.png`,
    );
    expect((await api('GET', `voucher/${voucher.id}`)).body.background_image).toBe(res.body.background_image);
    expect((await raw(voucherKeys.catalogue(voucher.id)))?.background_image).toBe(res.body.background_image);
    expect(
      (await api('POST', `voucher/upload-bg-img/${voucher.id}`, { token: sellerA.token, body: {} })).body.errors
        .upload_id,
    ).toEqual([REQUIRED]);
    const wrongPurpose = await upload(sellerA, 'voucher-image');
    const refused = await api('POST', `voucher/upload-bg-img/${voucher.id}`, {
      token: sellerA.token,
      body: { upload_id: wrongPurpose },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.upload_id).toEqual([
      'Das Bild konnte nicht übernommen werden. Bitte lade es erneut hoch.',
    ]);
  });

  it('refuses extra images over 2 MB together without using the uploads up', async () => {
    const big = await upload(sellerA, 'voucher-image', png(1_500_000));
    const second = await upload(sellerA, 'voucher-image', png(700_000));
    const res = await api('POST', 'voucher', {
      token: sellerA.token,
      body: form({ image_1_upload_id: big, image_2_upload_id: second }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.image_1_upload_id).toEqual([
      'Die zusätzlichen Bilder dürfen zusammen höchstens 2 MB groß sein.',
    ]);
    expect(res.body.errors.image_2_upload_id).toEqual([
      'Die zusätzlichen Bilder dürfen zusammen höchstens 2 MB groß sein.',
    ]);
    await expect(uploads().describe(actorOf(sellerA), big, 'voucher-image')).resolves.toMatchObject({
      size: 1_500_000,
    });
    // One of them alone fits; adding the other later to the same voucher does not.
    const voucher = await create(sellerA, { image_1_upload_id: big });
    const update = await api('POST', `voucher/${voucher.id}`, {
      token: sellerA.token,
      body: form({ display: 'all', image_2_upload_id: second }),
    });
    expect(update.body.errors.image_2_upload_id).toEqual([
      'Die zusätzlichen Bilder dürfen zusammen höchstens 2 MB groß sein.',
    ]);
  });
});
