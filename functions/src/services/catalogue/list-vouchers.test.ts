import { describe, expect, it } from 'vitest';
import { seededShuffle, selectVouchers } from './list-vouchers.ts';
import { testCatalogueEntry as entry } from './test-catalogue-entry.ts';

const url = (page: number) => `next?page=${page}`;

describe('selectVouchers', () => {
  const entries = Array.from({ length: 12 }, (_, i) => entry(String(i + 1)));

  it('lists active marketplace vouchers newest first, nine per page', () => {
    const withHidden = [...entries, entry('20', { is_active: false }), entry('21', { display: 'direktverkauf' })];
    const page = selectVouchers(withHidden, { page: 1, paginate: 9 }, url);
    expect(page.total).toBe(12);
    expect(page.data.map((v) => v.id)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4']);
    expect(page.next_page_url).toBe('next?page=2');
    expect(page.data[0]).not.toHaveProperty('search_text');
  });

  it('filters featured, seller and keyword', () => {
    const mixed = [...entries, entry('13', { is_featured: true, seller_id: 's2', search_text: 'wellness abend' })];
    expect(selectVouchers(mixed, { page: 1, paginate: 9, featured: true }, url).data.map((v) => v.id)).toEqual(['13']);
    expect(selectVouchers(mixed, { page: 1, paginate: 9, seller_id: 's2' }, url).total).toBe(1);
    expect(selectVouchers(mixed, { page: 1, paginate: 9, keyword: '  WELLNESS ' }, url).total).toBe(1);
  });

  it('keeps a seeded random order stable across pages and calls', () => {
    const first = selectVouchers(entries, { page: 1, paginate: 6, seed: 42 }, url).data.map((v) => v.id);
    const second = selectVouchers(entries, { page: 2, paginate: 6, seed: 42 }, url).data.map((v) => v.id);
    expect(selectVouchers(entries, { page: 1, paginate: 6, seed: 42 }, url).data.map((v) => v.id)).toEqual(first);
    expect(new Set([...first, ...second]).size).toBe(12);
  });
});

describe('seededShuffle', () => {
  it('is a permutation that depends on the seed', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const a = seededShuffle(items, 1);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, 1)).toEqual(a);
    expect(seededShuffle(items, 2)).not.toEqual(a);
  });
});
