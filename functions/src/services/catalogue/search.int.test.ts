import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pagedSchema } from '@gm/shared/api/paged';
import { voucherCardSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { sellerProfileSchema } from '@gm/shared/catalogue/seller-contracts';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createCategoryRepository } from '../../repositories/category-repository.ts';
import { createCompanyRepository } from '../../repositories/company-repository.ts';
import { createVoucherRepository } from '../../repositories/voucher-repository.ts';

/**
 * POST voucher/search, GET seller/{id} and the category reads against seeded data through the
 * local API. Every search is scoped to this file's sellers (seller_id) or its unique tag, because
 * other integration files share the table.
 */
const run = randomUUID().slice(0, 6);
const tag = `zq${run}`;
const catA = `srch-${run}-a`;
const catB = `srch-${run}-b`;
const slugA = `suchkategorie-${run}`;
const page = pagedSchema(voucherCardSchema);

let sellerA: TestAccount;
let sellerB: TestAccount;
let scannerA: TestAccount;
let buyer: TestAccount;

type Spec = Partial<Voucher> & { id: string; day: number };

function voucher(seller: TestAccount, spec: Spec): Voucher {
  const { day, id, ...overrides } = spec;
  return testVoucher(id, seller.userId, {
    title: `Gutschein ${id}`.slice(0, 30),
    description: 'Ein schönes Erlebnis',
    qty_val: 5000,
    price_filter: 5000,
    voucher_category_id: catA,
    category: { id: catA, name: `Suchkategorie ${run}`, slug: slugA },
    season: 'Sommer',
    seller: {
      id: seller.userId,
      username: `verkaeufer-${seller.userId}`,
      company: { name: 'Testbetrieb', logo: null, region: 'Oberland', url: null },
    },
    months: [1],
    created_at: new Date(Date.UTC(2026, 0, day)).toISOString(),
    ...overrides,
  });
}

const A = (n: number) => `s${run}-a${n}`;

beforeAll(async () => {
  [sellerA, sellerB, buyer] = await Promise.all([
    createTestAccount('seller', {
      address: 'Dorfstraße 7',
      city: 'Imst',
      zip_code: '6460',
      phone_number: '+43 5412 1234',
    }),
    createTestAccount('seller'),
    createTestAccount('user'),
  ]);
  scannerA = await createTestAccount('scanner', { seller_id: sellerA.userId });
  const db = documentClient();
  const table = env().TABLE_NAME;
  await createCategoryRepository(db, table).putMany(
    [
      { id: catA, name: `Suchkategorie ${run}`, slug: slugA, icon: null, logo: null },
      { id: catB, name: `Andere ${run}`, slug: `andere-${run}`, icon: null, logo: null },
    ],
    [{ id: `${catA}-sub`, category_id: catA, name: 'Massagen' }],
  );
  await createCompanyRepository(db, table).put({
    id: `company-${sellerA.userId}`,
    seller_id: sellerA.userId,
    name: 'Testbetrieb Alpen',
    description: 'Wir sind ein Testbetrieb.',
    url: 'https://test.example',
    logo: '/media/companies/test/logo.svg',
    header_logo: null,
    region_id: 1,
    vat_number: 'ATU99999999',
    background_color: '#1D4F55',
    text_color: '#fff',
    header_1: null,
    header_2: null,
    is_header_show: true,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  });
  const vouchers = createVoucherRepository(db, table);
  const specs: Spec[] = [
    { id: A(1), day: 1, title: `Kräuterwanderung ${tag}`, price_filter: 2000, qty_val: 2000, sold_count: 3 },
    { id: A(2), day: 2, price_filter: 8000, qty_val: 8000, sold_count: 40, target: 'Kinder', season: 'Winter' },
    {
      id: A(3),
      day: 3,
      price_filter: 3500,
      qty_val: 3500,
      sold_count: 12,
      target: 'Alle',
      season: 'Immer',
      is_featured: true,
    },
    {
      id: A(4),
      day: 4,
      type: 'value',
      qty_val: null,
      val_min: 1000,
      val_max: 10000,
      price_filter: 1000,
      voucher_category_id: catB,
      subcategory_id: null,
      region_id: 3,
    },
    { id: A(5), day: 5, price_filter: 12000, qty_val: 12000, subcategory_id: `${catA}-sub`, target: 'Frauen' },
    { id: A(6), day: 6, price_filter: 4500, qty_val: 4500, sold_count: 7, season: 'Schlechtwetter' },
    { id: A(7), day: 7, price_filter: 6000, qty_val: 6000 },
    { id: A(8), day: 8, price_filter: 9000, qty_val: 9000, display: 'direktverkauf' },
    { id: A(9), day: 9, price_filter: 2500, qty_val: 2500, is_active: false },
    { id: A(10), day: 10, price_filter: 7000, qty_val: 7000, display: 'marketplace' },
  ];
  await Promise.all(specs.map((spec) => vouchers.put(voucher(sellerA, spec))));
  await vouchers.put(voucher(sellerB, { id: `s${run}-b1`, day: 11, title: `Weißbier ${tag}` }));
});

const search = (body: unknown, token?: string) => api('POST', 'voucher/search', { body, ...(token ? { token } : {}) });
const idsOf = (body: { data: { id: string }[] }) => body.data.map((v) => v.id);

describe('POST voucher/search', () => {
  it('lists a seller’s marketplace vouchers newest first, without inactive and direct-sale ones', async () => {
    const res = await search({ seller_id: sellerA.userId, paginate: 20 });
    expect(res.status).toBe(200);
    expect(page.parse(res.body).total).toBe(8);
    expect(idsOf(res.body)).toEqual([A(10), A(7), A(6), A(5), A(4), A(3), A(2), A(1)]);
  });

  it('finds by keyword regardless of case and umlaut spelling, also by seller name', async () => {
    expect(idsOf((await search({ keyword: `KRAEUTERWANDERUNG ${tag}` })).body)).toEqual([A(1)]);
    expect(idsOf((await search({ keyword: `kräuter ${tag}` })).body)).toEqual([A(1)]);
    expect(idsOf((await search({ keyword: `weissbier ${tag}` })).body)).toEqual([`s${run}-b1`]);
    expect((await search({ keyword: `verkaeufer-${sellerB.userId}` })).body.total).toBe(1);
  });

  it('filters by category slug or id, sub-category, price (both ends), region, targets and seasons', async () => {
    const scoped = { seller_id: sellerA.userId, paginate: 20 };
    expect(idsOf((await search({ ...scoped, isCategory: slugA, isPrice: { from: 3000, to: 8000 } })).body)).toEqual([
      A(10),
      A(7),
      A(6),
      A(3),
      A(2),
    ]);
    expect(idsOf((await search({ ...scoped, isCategory: catB })).body)).toEqual([A(4)]);
    expect(idsOf((await search({ ...scoped, isPrice: { from: 9500, to: 20000 } })).body)).toEqual([A(5), A(4)]);
    expect((await search({ ...scoped, isPrice: { from: 9500 } })).body.total).toBe(8);
    expect(idsOf((await search({ ...scoped, subcategory: `${catA}-sub` })).body)).toEqual([A(5)]);
    expect(idsOf((await search({ ...scoped, isRegion: 3 })).body)).toEqual([A(4)]);
    expect(idsOf((await search({ ...scoped, targets: ['Kinder'] })).body)).toEqual([A(3), A(2)]);
    expect((await search({ ...scoped, targets: ['Alle'] })).body.total).toBe(8);
    expect(idsOf((await search({ ...scoped, seasons: ['Winter', 'Schlechtwetter'] })).body)).toEqual([
      A(6),
      A(3),
      A(2),
    ]);
    expect(idsOf((await search({ ...scoped, featured: true })).body)).toEqual([A(3)]);
    expect((await search({ ...scoped, isCategory: 'gibt-es-nicht' })).body).toMatchObject({
      data: [],
      total: 0,
      next_page_url: null,
    });
  });

  it('sorts by lowest price, most popular or newest, one at a time', async () => {
    const scoped = { seller_id: sellerA.userId, paginate: 4 };
    expect(idsOf((await search({ ...scoped, isLowestPrice: true })).body)).toEqual([A(4), A(1), A(3), A(6)]);
    expect(idsOf((await search({ ...scoped, isMostPopular: true })).body)).toEqual([A(2), A(3), A(6), A(1)]);
    expect(idsOf((await search({ ...scoped, isNewest: true })).body)).toEqual([A(10), A(7), A(6), A(5)]);
  });

  it('pages with a next_page_url the client re-POSTs its body to', async () => {
    const body = { seller_id: sellerA.userId, paginate: 3, isLowestPrice: true };
    const first = await search(body);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 3, total: 8, per_page: 3, from: 1, to: 3 });
    expect(first.body.next_page_url).toMatch(/\/api\/v1\/voucher\/search\?page=2$/);
    const second = await fetch(first.body.next_page_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const secondBody = page.parse(await second.json());
    expect(secondBody).toMatchObject({ current_page: 2, from: 4, to: 6 });
    expect(idsOf(secondBody)).toEqual([A(6), A(7), A(10)]);
    const third = await search({ ...body, page: 3 });
    expect(third.body).toMatchObject({ current_page: 3, next_page_url: null, from: 7, to: 8 });
  });

  it('answers exactly the named ids in their order (campaign pages, /wp)', async () => {
    const res = await search({ ids: [A(6), A(9), `s${run}-b1`, 'does-not-exist', A(8), A(1)] });
    expect(idsOf(res.body)).toEqual([A(6), `s${run}-b1`, A(1)]);
    expect(idsOf((await search({ ids: `${A(3)},${A(2)}` })).body)).toEqual([A(3), A(2)]);
  });

  it('keeps a seeded order stable across pages', async () => {
    const body = { seller_id: sellerA.userId, paginate: 4, seed: 20261125 };
    const [p1, p2, again] = await Promise.all([search(body), search({ ...body, page: 2 }), search(body)]);
    expect(idsOf(again.body)).toEqual(idsOf(p1.body));
    expect(new Set([...idsOf(p1.body), ...idsOf(p2.body)]).size).toBe(8);
  });

  it('shows the direct-sale list to the seller and its scanner only', async () => {
    const body = { seller_id: sellerA.userId, seller_gift: true, paginate: 20 };
    const own = await search(body, sellerA.token);
    expect(own.status).toBe(200);
    expect(idsOf(own.body)).toContain(A(8));
    expect(idsOf(own.body)).not.toContain(A(10));
    expect((await search(body, scannerA.token)).status).toBe(200);
    expect((await search(body, sellerB.token)).status).toBe(403);
    expect((await search(body, buyer.token)).status).toBe(403);
    expect((await search(body)).status).toBe(401);
  });

  it('rejects bad input with German field messages, never a 500', async () => {
    const twoSorts = await search({ isNewest: true, isLowestPrice: true });
    expect(twoSorts.status).toBe(422);
    expect(twoSorts.body.errors.isNewest).toEqual(['Bitte wähle nur eine Sortierung.']);
    const price = await search({ isPrice: { from: 5000, to: 100 } });
    expect(price.status).toBe(422);
    expect(price.body.errors['isPrice.to']).toEqual(['Der Wert muss mindestens sein 50,00\u00a0€.']);
    expect((await search({ isPrice: { from: -5, to: 100 } })).body.errors['isPrice.from']).toEqual([
      'Der Wert muss mindestens sein 0.',
    ]);
    expect((await search({ isRegion: 9 })).body.errors.isRegion).toEqual(['Bitte wähle einen der angebotenen Werte.']);
    expect((await search({ targets: ['Hunde'] })).body.errors['targets.0']).toEqual([
      'Bitte wähle einen der angebotenen Werte.',
    ]);
    expect((await search({ page: 0 })).body.errors.page).toEqual(['Der Wert muss mindestens sein 1.']);
    expect((await search({ paginate: 'viele' })).body.errors.paginate).toEqual(['Der Wert muss eine Zahl sein.']);
    expect((await search({ seller_gift: true })).body.errors.seller_id).toEqual([
      'Für den Direktverkauf muss ein Verkäufer angegeben werden.',
    ]);
    expect((await search([1, 2])).status).toBe(422);
    const broken = await api('POST', 'voucher/search', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(broken.status).toBe(200);
    const notJson = await fetch(new URL('voucher/search', inject('apiUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{kaputt',
    });
    expect(notJson.status).toBe(422);
  });
});

describe('GET seller/{id}', () => {
  it('shows a seller’s public profile without private data', async () => {
    const res = await api('GET', `seller/${sellerA.userId}`);
    expect(res.status).toBe(200);
    expect(sellerProfileSchema.parse(res.body).company).toMatchObject({
      name: 'Testbetrieb Alpen',
      address: 'Dorfstraße 7',
      city: 'Imst',
      zip: '6460',
      region: 'Oberland',
      url: 'https://test.example',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/@test\.example|ATU99999999|5412/);
  });

  it('is 404 for buyers and unknown ids', async () => {
    expect(await api('GET', `seller/${buyer.userId}`)).toMatchObject({
      status: 404,
      body: { message: 'Verkäufer nicht gefunden.' },
    });
    expect((await api('GET', 'seller/gibt-es-nicht')).status).toBe(404);
  });
});

describe('category reads', () => {
  it('answers a category by slug or id with its sub-categories', async () => {
    const bySlug = await api('GET', `voucher-category/${slugA}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({
      id: catA,
      slug: slugA,
      subcategories: [{ id: `${catA}-sub`, name: 'Massagen' }],
    });
    expect((await api('GET', `voucher-category/${catA}`)).body.slug).toBe(slugA);
    expect(await api('GET', 'voucher-category/gibt-es-nicht')).toMatchObject({
      status: 404,
      body: { message: 'Kategorie nicht gefunden.' },
    });
  });

  it('lists sub-categories, optionally of one category, and answers one by id', async () => {
    const all = await api('GET', 'voucher-sub-category');
    expect(all.status).toBe(200);
    expect(all.body.data.map((s: { id: string }) => s.id)).toContain(`${catA}-sub`);
    expect((await api('GET', `voucher-sub-category?category_id=${slugA}`)).body.data).toEqual([
      { id: `${catA}-sub`, name: 'Massagen', category_id: catA },
    ]);
    expect((await api('GET', `voucher-sub-category/${catA}-sub`)).body).toEqual({
      id: `${catA}-sub`,
      name: 'Massagen',
      category_id: catA,
    });
    expect((await api('GET', 'voucher-sub-category/nope')).status).toBe(404);
  });
});
