import { describe, expect, it, vi } from 'vitest';
import type { Category } from '@gm/shared/catalogue/contracts';
import { voucherSearchSchema } from '@gm/shared/catalogue/search-contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { getCategory, getSubcategory, listSubcategories } from './categories.ts';
import { getSellerProfile } from './get-seller-profile.ts';
import { resolveCategoryId, searchVouchers } from './search-vouchers.ts';
import { searchIndexOf } from './search-index.ts';
import { testCatalogueEntry } from './test-catalogue-entry.ts';

const tree: Category[] = [
  {
    id: 'cat-genuss',
    name: 'Genuss',
    slug: 'genuss',
    icon: null,
    logo: null,
    subcategories: [{ id: 'sub-kulinarik', name: 'Kulinarik', category_id: 'cat-genuss' }],
  },
  {
    id: 'cat-wellness',
    name: 'Wellness',
    slug: 'wellness',
    icon: null,
    logo: null,
    subcategories: [
      { id: 'sub-massage', name: 'Massagen', category_id: 'cat-wellness' },
      { id: 'sub-day-spa', name: 'Day Spa', category_id: 'cat-wellness' },
    ],
  },
];

/** Seller A's vouchers unless a test names another seller; the search text is the id. */
const entry = (id: string, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry =>
  testCatalogueEntry(id, {
    title: id,
    search_text: id,
    seller_id: 'seller-a',
    seller: { id: 'seller-a', username: 'a', company: null },
    created_at: `2026-01-0${id.length}T00:00:00.000Z`,
    ...overrides,
  });

const actor = (role: Actor['role'], userId: string): Actor => ({
  role,
  userId,
  roleId: 1 as Actor['roleId'],
  email: `${userId}@example.com`,
});

function deps(users: Partial<Record<string, Partial<UserRecord>>> = {}) {
  const entries = [
    entry('genuss', { voucher_category_id: 'cat-genuss' }),
    entry('spa'),
    entry('till', { display: 'direktverkauf' }),
    entry('other', { seller_id: 'seller-b' }),
  ];
  return {
    catalogue: { index: async () => searchIndexOf(entries), invalidate: () => undefined },
    categoryTree: { tree: vi.fn(async () => tree), invalidate: () => undefined },
    users: { get: vi.fn(async (id: string) => users[id] as UserRecord | undefined) },
  } as unknown as Pick<Deps, 'catalogue' | 'categoryTree' | 'users'>;
}

const search = (d: ReturnType<typeof deps>, body: unknown, who?: Actor) =>
  searchVouchers(d, who, voucherSearchSchema.parse(body), (p) => `next?page=${p}`);

describe('searchVouchers', () => {
  it('resolves isCategory by id or slug and reads the tree only when asked', async () => {
    const d = deps();
    expect((await search(d, {})).total).toBe(3);
    expect(d.categoryTree.tree).not.toHaveBeenCalled();
    expect((await search(d, { isCategory: 'genuss' })).data.map((v) => v.id)).toEqual(['genuss']);
    expect((await search(d, { isCategory: 'cat-genuss' })).data.map((v) => v.id)).toEqual(['genuss']);
    expect((await search(d, { isCategory: 'gibt-es-nicht' })).total).toBe(0);
  });

  it('shows the direct-sale list only to the seller, its scanners and admins', async () => {
    const d = deps({ 'scanner-a': { seller_id: 'seller-a' }, 'scanner-b': { seller_id: 'seller-b' } });
    const body = { seller_gift: true, seller_id: 'seller-a' };
    expect((await search(d, body, actor('seller', 'seller-a'))).data.map((v) => v.id).sort()).toEqual([
      'genuss',
      'spa',
      'till',
    ]);
    expect((await search(d, body, actor('scanner', 'scanner-a'))).total).toBe(3);
    expect((await search(d, body, actor('admin', 'admin-1'))).total).toBe(3);
    await expect(search(d, body)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(search(d, body, actor('seller', 'seller-b'))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(search(d, body, actor('scanner', 'scanner-b'))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(search(d, body, actor('user', 'buyer'))).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('keeps direct-sale vouchers out of the public seller list', async () => {
    expect((await search(deps(), { seller_id: 'seller-a' })).data.map((v) => v.id).sort()).toEqual(['genuss', 'spa']);
  });
});

describe('categories', () => {
  const d = { categoryTree: { tree: async () => tree, invalidate: () => undefined } };

  it('finds a category by id or slug, or answers 404', async () => {
    expect((await getCategory(d, 'wellness')).id).toBe('cat-wellness');
    expect((await getCategory(d, 'cat-genuss')).slug).toBe('genuss');
    await expect(getCategory(d, 'nope')).rejects.toBeInstanceOf(NotFoundError);
    expect(resolveCategoryId(tree, 'Wellness')).toBe('cat-wellness');
  });

  it('lists sub-categories, all or of one category, by name', async () => {
    expect((await listSubcategories(d)).map((s) => s.name)).toEqual(['Day Spa', 'Kulinarik', 'Massagen']);
    expect((await listSubcategories(d, 'wellness')).map((s) => s.id)).toEqual(['sub-day-spa', 'sub-massage']);
    expect((await getSubcategory(d, 'sub-kulinarik')).category_id).toBe('cat-genuss');
    await expect(getSubcategory(d, 'nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('getSellerProfile', () => {
  const seller = {
    id: 's1',
    role: 'seller',
    username: 'alpenspa',
    email: 'secret@example.com',
    phone_number: '+43 1',
    address: 'Hauptplatz 1',
    city: 'Imst',
    zip_code: '6460',
    region_id: 1,
  } as UserRecord;
  const company = {
    id: 'c1',
    seller_id: 's1',
    name: 'Alpen Spa',
    description: 'Schön',
    url: 'https://alpenspa.at',
    logo: '/media/logo.svg',
    header_logo: null,
    region_id: 1,
    vat_number: 'ATU123',
    background_color: '#1D4F55',
    text_color: '#fff',
    header_1: 'Willkommen',
    header_2: null,
    is_header_show: true,
  } as CompanyRecord;
  const fake = (user?: Partial<UserRecord>, comp?: Partial<CompanyRecord>) =>
    ({ users: { get: async () => user }, companies: { getBySeller: async () => comp } }) as unknown as Pick<
      Deps,
      'users' | 'companies'
    >;

  it('answers only public fields, with the profile address as fallback', async () => {
    const profile = await getSellerProfile(fake(seller, company), 's1');
    expect(profile).toEqual({
      id: 's1',
      username: 'alpenspa',
      company: {
        name: 'Alpen Spa',
        logo: '/media/logo.svg',
        header_logo: null,
        description: 'Schön',
        address: 'Hauptplatz 1',
        city: 'Imst',
        zip: '6460',
        region_id: 1,
        region: 'Oberland',
        url: 'https://alpenspa.at',
        background_color: '#1D4F55',
        text_color: '#fff',
        header_1: 'Willkommen',
        header_2: null,
      },
    });
    expect(JSON.stringify(profile)).not.toMatch(/secret|ATU123|\+43/);
  });

  it('prefers the company address when it has one', async () => {
    const profile = await getSellerProfile(
      fake(seller, { ...company, address: 'Seeweg 2', city: 'Reutte', zip_code: '6600' }),
      's1',
    );
    expect(profile.company).toMatchObject({ address: 'Seeweg 2', city: 'Reutte', zip: '6600' });
  });

  it('is 404 for buyers and unknown ids', async () => {
    await expect(getSellerProfile(fake({ ...seller, role: 'user' }), 's1')).rejects.toBeInstanceOf(NotFoundError);
    await expect(getSellerProfile(fake(undefined), 'x')).rejects.toThrow('Verkäufer nicht gefunden.');
  });
});
