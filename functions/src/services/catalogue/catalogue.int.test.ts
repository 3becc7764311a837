import { beforeAll, describe, expect, it } from 'vitest';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { createCategoryRepository } from '../../repositories/category-repository.ts';
import { createVoucherRepository } from '../../repositories/voucher-repository.ts';

let seller: TestAccount;
let otherSeller: TestAccount;
const sellerTag = `cat-int-${Date.now()}`;

function voucher(id: string, overrides: Partial<Voucher> = {}): Voucher {
  return testVoucher(id, seller.userId, {
    voucher_category_id: 'int-cat',
    category: { id: 'int-cat', name: 'Wellness', slug: 'wellness' },
    seller: { id: seller.userId, username: sellerTag, company: null },
    ...overrides,
  });
}

beforeAll(async () => {
  seller = await createTestAccount('seller');
  otherSeller = await createTestAccount('seller');
  const db = documentClient();
  const vouchers = createVoucherRepository(db, env().TABLE_NAME);
  for (let i = 1; i <= 11; i++)
    await vouchers.put(
      voucher(`int-v${i}`, { created_at: new Date(Date.UTC(2026, 0, i)).toISOString(), is_featured: i <= 2 }),
    );
  await vouchers.put(voucher('int-inactive', { is_active: false }));
  await createCategoryRepository(db, env().TABLE_NAME).putMany(
    [{ id: 'int-cat', name: 'Wellness', slug: 'wellness', icon: 'spa', logo: null }],
    [{ id: 'int-sub', category_id: 'int-cat', name: 'Massage' }],
  );
});

describe('public catalogue', () => {
  it('lists categories with their sub-categories', async () => {
    const res = await api('GET', 'voucher-category');
    expect(res.status).toBe(200);
    expect(res.body.data.find((c: { id: string }) => c.id === 'int-cat')).toEqual({
      id: 'int-cat',
      name: 'Wellness',
      slug: 'wellness',
      icon: 'spa',
      logo: null,
      subcategories: [{ id: 'int-sub', name: 'Massage', category_id: 'int-cat' }],
    });
  });

  it('pages a seller’s active vouchers with next_page_url', async () => {
    const first = await api('GET', `voucher?seller_id=${seller.userId}&paginate=9`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 11, per_page: 9, from: 1, to: 9 });
    expect(first.body.data[0].id).toBe('int-v11');
    expect(first.body.data.map((v: { id: string }) => v.id)).not.toContain('int-inactive');
    const next = await fetch(first.body.next_page_url);
    const second = (await next.json()) as { data: { id: string }[]; next_page_url: string | null };
    expect(second.data.map((v: { id: string }) => v.id)).toEqual(['int-v2', 'int-v1']);
    expect(second.next_page_url).toBeNull();
  });

  it('rejects a bad page number with a field message', async () => {
    const res = await api('GET', 'voucher?page=0');
    expect(res.status).toBe(422);
    expect(res.body.errors.page).toEqual(['Der Wert muss mindestens sein 1.']);
  });

  it('shows an inactive voucher only to its seller', async () => {
    expect((await api('GET', 'voucher/int-v1')).body.title).toBe('Test int-v1');
    expect((await api('GET', 'voucher/int-inactive')).status).toBe(404);
    expect((await api('GET', 'voucher/int-inactive', { token: otherSeller.token })).status).toBe(404);
    expect((await api('GET', 'voucher/int-inactive', { token: seller.token })).status).toBe(200);
    const missing = await api('GET', 'voucher/does-not-exist');
    expect(missing).toMatchObject({ status: 404, body: { message: 'Gutschein nicht gefunden.' } });
  });
});
