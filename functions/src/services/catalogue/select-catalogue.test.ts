import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import { filterCatalogue, selectCatalogue, type CatalogueCriteria } from './select-catalogue.ts';
import { testCatalogueEntry as entry } from './test-catalogue-entry.ts';

const ids = (entries: readonly CatalogueEntry[], criteria: CatalogueCriteria) =>
  filterCatalogue(entries, criteria).map((e) => e.id);
const url = (page: number) => `voucher/search?page=${page}`;

describe('filterCatalogue: visibility', () => {
  const entries = [
    entry('1'),
    entry('2', { is_active: false }),
    entry('3', { display: 'direktverkauf' }),
    entry('4', { display: 'marketplace' }),
  ];

  it('lists active vouchers that are on the marketplace', () => {
    expect(ids(entries, {})).toEqual(['4', '1']);
  });

  it('lists a seller’s direct-sale vouchers (display all or direktverkauf) for the till', () => {
    expect(ids(entries, { listing: 'direct-sale' })).toEqual(['3', '1']);
  });

  it('leaves out the vouchers of a seller not activated yet, also when named by id (issue 11)', () => {
    const seller = (isActivated: boolean | undefined) => ({
      seller: {
        id: 's9',
        username: 'neu',
        company: null,
        ...(isActivated === undefined ? {} : { is_activated: isActivated }),
      },
    });
    const mixed = [entry('a', seller(false)), entry('b', seller(true)), entry('c', seller(undefined))];
    expect(ids(mixed, {}).sort()).toEqual(['b', 'c']);
    expect(ids(mixed, { ids: ['a', 'b'] })).toEqual(['b']);
  });
});

describe('filterCatalogue: filters', () => {
  const entries = [
    entry('1', {
      voucher_category_id: 'cat-genuss',
      subcategory_id: 'sub-kulinarik',
      region_id: 2,
      target: 'Kinder',
      season: 'Winter',
    }),
    entry('2', { target: 'Alle', season: 'Immer', seller_id: 's2', is_featured: true }),
    entry('3', { target: 'Frauen', season: 'Schönwetter', region_id: 3 }),
    entry('4', { price_filter: 9900, qty_val: 9900 }),
    entry('5', { type: 'value', qty_val: null, val_min: 1000, val_max: 5000, price_filter: 1000 }),
  ];

  it('filters by category, sub-category, region, featured and seller', () => {
    expect(ids(entries, { category_id: 'cat-genuss' })).toEqual(['1']);
    expect(ids(entries, { subcategory_id: 'sub-kulinarik' })).toEqual(['1']);
    expect(ids(entries, { region_id: 3 })).toEqual(['3']);
    expect(ids(entries, { featured: true })).toEqual(['2']);
    expect(ids(entries, { seller_id: 's2' })).toEqual(['2']);
  });

  it('matches target groups, where a voucher for “Alle” fits every group and choosing “Alle” fits every voucher', () => {
    expect(ids(entries, { targets: ['Kinder'] })).toEqual(['2', '1']);
    expect(ids(entries, { targets: ['Kinder', 'Frauen'] })).toEqual(['3', '2', '1']);
    expect(ids(entries, { targets: ['Alle'] })).toHaveLength(5);
  });

  it('matches seasons, where “Immer” plays the role of “Alle”', () => {
    expect(ids(entries, { seasons: ['Winter'] })).toEqual(['2', '1']);
    expect(ids(entries, { seasons: ['Immer'] })).toHaveLength(5);
  });

  it('applies a price range only with both ends; value vouchers match when their range overlaps', () => {
    expect(ids(entries, { price: { from: 2000, to: 3000 } })).toEqual(['5', '3', '2', '1']);
    expect(ids(entries, { price: { from: 5000, to: 10000 } })).toEqual(['5', '4']);
    expect(ids(entries, { price: { from: 5001, to: 10000 } })).toEqual(['4']);
    expect(ids(entries, { price: { from: 5000 } })).toHaveLength(5);
    expect(ids(entries, { price: { to: 100 } })).toHaveLength(5);
  });

  it('combines filters with AND', () => {
    expect(ids(entries, { targets: ['Kinder'], seasons: ['Winter'], region_id: 2 })).toEqual(['1']);
    expect(ids(entries, { targets: ['Kinder'], region_id: 3 })).toEqual([]);
  });
});

describe('filterCatalogue: keyword', () => {
  const entries = [
    entry('1', { search_text: 'kräuterstube im ötztal müller' }),
    entry('2', { search_text: 'schlossbrauerei weißbier verkostung' }),
    entry('3', { search_text: 'café crème brûlée' }),
    entry('4', { search_text: 'yoga am see' }),
  ];

  it('is case-insensitive and needs every word', () => {
    expect(ids(entries, { keyword: '  YOGA  ' })).toEqual(['4']);
    expect(ids(entries, { keyword: 'yoga see' })).toEqual(['4']);
    expect(ids(entries, { keyword: 'yoga berg' })).toEqual([]);
  });

  it('tolerates umlauts spelled out or dropped, ß as ss and accents', () => {
    expect(ids(entries, { keyword: 'Kraeuterstube' })).toEqual(['1']);
    expect(ids(entries, { keyword: 'kräuter' })).toEqual(['1']);
    expect(ids(entries, { keyword: 'KRAUTER oetztal' })).toEqual(['1']);
    expect(ids(entries, { keyword: 'Mueller' })).toEqual(['1']);
    expect(ids(entries, { keyword: 'weissbier' })).toEqual(['2']);
    expect(ids(entries, { keyword: 'weißbier' })).toEqual(['2']);
    expect(ids(entries, { keyword: 'creme brulee' })).toEqual(['3']);
  });
});

describe('filterCatalogue: order', () => {
  const entries = [
    entry('1', { sold_count: 5, price_filter: 3000 }),
    entry('2', { sold_count: 50, price_filter: 1500 }),
    entry('3', { sold_count: 0, price_filter: 9000 }),
    entry('4', { sold_count: 50, price_filter: 1500 }),
  ];

  it('defaults to newest first', () => {
    expect(ids(entries, {})).toEqual(['4', '3', '2', '1']);
    expect(ids(entries, { sort: 'isNewest' })).toEqual(['4', '3', '2', '1']);
  });

  it('sorts by most popular, ties newest first', () => {
    expect(ids(entries, { sort: 'isMostPopular' })).toEqual(['4', '2', '1', '3']);
  });

  it('sorts by lowest price, ties newest first', () => {
    expect(ids(entries, { sort: 'isLowestPrice' })).toEqual(['4', '2', '1', '3']);
  });

  it('keeps a seeded random order stable, and a sort beats the seed', () => {
    const many = Array.from({ length: 20 }, (_, i) => entry(String(i + 1)));
    const a = ids(many, { seed: 7 });
    expect(ids(many, { seed: 7 })).toEqual(a);
    expect(ids(many, { seed: 8 })).not.toEqual(a);
    expect([...a].sort()).toEqual(many.map((e) => e.id).sort());
    expect(ids(many, { seed: 7, sort: 'isNewest' })).toEqual(ids(many, {}));
  });

  it('returns exactly the named ids in their order, dropping unknown and hidden ones', () => {
    const withHidden = [...entries, entry('5', { is_active: false })];
    expect(ids(withHidden, { ids: ['3', 'nope', '1', '5', '2', '3'] })).toEqual(['3', '1', '2']);
    expect(ids(withHidden, { ids: ['3', '1', '2'], seed: 3 })).toEqual(['3', '1', '2']);
    expect(ids(withHidden, { ids: ['3', '1', '2'], sort: 'isLowestPrice' })).toEqual(['2', '1', '3']);
    expect(ids(withHidden, { ids: ['3', '1', '2'], price: { from: 1000, to: 4000 } })).toEqual(['1', '2']);
  });
});

describe('selectCatalogue: paging', () => {
  const entries = Array.from({ length: 20 }, (_, i) => entry(String(i + 1)));

  it('pages nine at a time with next_page_url and without the search text', () => {
    const first = selectCatalogue(entries, {}, { page: 1, paginate: 9 }, url);
    expect(first).toMatchObject({
      current_page: 1,
      last_page: 3,
      total: 20,
      per_page: 9,
      from: 1,
      to: 9,
      next_page_url: 'voucher/search?page=2',
    });
    expect(first.data[0]).not.toHaveProperty('search_text');
    const last = selectCatalogue(entries, {}, { page: 3, paginate: 9 }, url);
    expect(last).toMatchObject({ from: 19, to: 20, next_page_url: null });
    expect(last.data.map((v) => v.id)).toEqual(['2', '1']);
  });

  it('answers an empty page past the end', () => {
    expect(selectCatalogue(entries, {}, { page: 9, paginate: 9 }, url)).toMatchObject({
      data: [],
      from: null,
      to: null,
      next_page_url: null,
      total: 20,
    });
  });

  it('reuses its index for the same catalogue array and sees a new array', () => {
    const list = [entry('1', { search_text: 'alt' })];
    expect(selectCatalogue(list, { keyword: 'alt' }, { page: 1, paginate: 9 }, url).total).toBe(1);
    const reloaded = [entry('1', { search_text: 'neu' })];
    expect(selectCatalogue(reloaded, { keyword: 'neu' }, { page: 1, paginate: 9 }, url).total).toBe(1);
  });
});
