import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import { needsRebuild, POPULARITY_REFRESH_MS } from './build-search-snapshot.ts';
import * as reference from './select-catalogue-reference.ts';
import { selectCatalogue, type CatalogueCriteria } from './select-catalogue.ts';
import { decodeSearchSnapshot, encodeSearchSnapshot } from './search-snapshot.ts';
import { testCatalogueEntry } from './test-catalogue-entry.ts';

/** mulberry32, so every run checks the same catalogue. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Müller', 'Weißbier', 'Massage', 'Käse', 'Ötztal', 'Zwei', 'Yoga', 'Spa', 'Mueller', 'Cafe', 'Café'];
const TARGETS = ['Alle', 'Paare', 'Freunde', 'Kinder'];
const SEASONS = ['Immer', 'Sommer', 'Winter'];
const DISPLAYS = ['all', 'marketplace', 'direktverkauf'] as const;

/** A catalogue with every field the selection reads varied: umlauts, ties, nulls, inactive sellers. */
function generatedCatalogue(count: number): CatalogueEntry[] {
  const random = seeded(15);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const seller = `s${1 + Math.floor(random() * 7)}`;
    const value = random() < 0.3;
    const price = 500 * (1 + Math.floor(random() * 20));
    const title = `${pick(WORDS)} ${pick(WORDS)}`;
    return testCatalogueEntry(`v${i}`, {
      title,
      type: value ? 'value' : 'quantity',
      qty_val: value ? null : price,
      val_min: value ? price : null,
      val_max: value ? price + 500 * Math.floor(random() * 10) : null,
      price_filter: price,
      voucher_category_id: pick(['cat-a', 'cat-b', 'cat-c']),
      subcategory_id: random() < 0.3 ? null : pick(['sub-1', 'sub-2']),
      target: pick(TARGETS),
      season: pick(SEASONS),
      region_id: random() < 0.1 ? null : 1 + Math.floor(random() * 4),
      seller_id: seller,
      seller: {
        id: seller,
        username: `${seller}-name`,
        company: random() < 0.2 ? null : { name: `Gasthof ${pick(WORDS)}`, logo: null, region: null, url: null },
        ...(seller === 's7' ? { is_activated: false } : {}),
      },
      is_active: random() < 0.9,
      is_featured: random() < 0.1,
      display: pick(DISPLAYS),
      sold_count: Math.floor(random() * 5),
      // Few distinct times: ties break by id.
      created_at: `2026-0${1 + Math.floor(random() * 3)}-01T00:00:00.000Z`,
      search_text: `${title} ${seller}-name`.toLowerCase(),
    });
  });
}

const CRITERIA: CatalogueCriteria[] = [
  {},
  { listing: 'direct-sale' },
  { sort: 'isMostPopular' },
  { sort: 'isLowestPrice', region_id: 2 },
  { keyword: 'müller' },
  { keyword: 'Mueller' },
  { keyword: 'muller zwei' },
  { keyword: 'weissbier' },
  { keyword: 'WEISSBIER spa', sort: 'isLowestPrice' },
  { keyword: 'cafe' },
  { keyword: 'é' },
  { keyword: 'ss' },
  { keyword: 'nichtda' },
  { keyword: 's3-name', listing: 'direct-sale' },
  { featured: true },
  { seller_id: 's2', sort: 'isMostPopular' },
  { seller_id: 's7' },
  { seller_id: 'unbekannt' },
  { category_id: 'cat-b', subcategory_id: 'sub-1' },
  { category_id: 'cat-x' },
  { targets: ['Paare'] },
  { targets: ['Alle'] },
  { targets: ['Kinder', 'Freunde'], seasons: ['Winter'] },
  { seasons: ['Immer'] },
  { price: { from: 2000, to: 4000 } },
  { price: { from: 2000 } },
  { price: { from: 0, to: 0 } },
  { ids: ['v5', 'v3', 'v3', 'v999', 'v1', 'v2', 'v4', 'v10', 'v11'] },
  { ids: ['v5', 'v3', 'v1', 'v2', 'v4', 'v10'], sort: 'isLowestPrice' },
  { ids: ['v5', 'v3', 'v1'], keyword: 'yoga' },
  { seed: 42 },
  { seed: 7, keyword: 'spa', region_id: 1 },
  { seed: 7, sort: 'isNewest' },
];

describe('search snapshot', () => {
  const entries = generatedCatalogue(600);
  const raw = encodeSearchSnapshot(entries, { version: 1234, built_at: '2026-11-26T00:00:00.000Z' });
  const decoded = decodeSearchSnapshot(raw);
  const url = (page: number) => `voucher/search?page=${page}`;

  it('keeps its version and size', () => {
    expect(decoded.version).toBe(1234);
    expect(decoded.built_at).toBe('2026-11-26T00:00:00.000Z');
    expect(decoded.size).toBe(600);
  });

  it.each(CRITERIA.map((c) => [JSON.stringify(c), c] as const))(
    'answers %s exactly as the in-memory selection did',
    (_name, criteria) => {
      for (const paging of [
        { page: 1, paginate: 9 },
        { page: 3, paginate: 9 },
        { page: 2, paginate: 100 },
        { page: 40, paginate: 15 },
      ]) {
        const expected = reference.selectCatalogue(entries, criteria, paging, url);
        expect(selectCatalogue(decoded, criteria, paging, url)).toEqual(expected);
        expect(selectCatalogue(entries, criteria, paging, url)).toEqual(expected);
      }
    },
  );

  it('finds something for most of the checked criteria (the comparison is not vacuous)', () => {
    const found = CRITERIA.filter((c) => selectCatalogue(decoded, c, { page: 1, paginate: 9 }, url).total > 0);
    expect(found.length).toBeGreaterThanOrEqual(CRITERIA.length - 6);
  });

  it('decodes the cards byte for byte (shared fields restored)', () => {
    for (const position of [0, 17, 599]) {
      const { search_text: _text, ...card } = entries[position] as CatalogueEntry;
      expect(decoded.card(position)).toEqual(card);
      expect(JSON.stringify(decoded.card(position))).toBe(JSON.stringify(card));
    }
  });

  it('decodes an empty catalogue and a buffer at an odd offset', () => {
    expect(decodeSearchSnapshot(encodeSearchSnapshot([], { version: 1, built_at: 'x' })).size).toBe(0);
    const shifted = Buffer.alloc(raw.length + 1);
    raw.copy(shifted, 1);
    const odd = decodeSearchSnapshot(shifted.subarray(1));
    expect(selectCatalogue(odd, { keyword: 'spa' }, { page: 1, paginate: 9 }, url)).toEqual(
      reference.selectCatalogue(entries, { keyword: 'spa' }, { page: 1, paginate: 9 }, url),
    );
  });

  it('refuses what is not a snapshot', () => {
    expect(() => decodeSearchSnapshot(Buffer.from('{"data":[]}'))).toThrow('not a search snapshot');
  });
});

describe('needsRebuild', () => {
  const at = 1_800_000_000_000;
  it('builds the first snapshot, and for content changes newer than the current one', () => {
    expect(needsRebuild([{ kind: 'popularity', at }], undefined, at)).toBe(true);
    expect(needsRebuild([{ kind: 'content', at }], { version: at - 10 }, at)).toBe(true);
    // Same second: the read may have started before the change.
    expect(needsRebuild([{ kind: 'content', at }], { version: at + 999 }, at + 999)).toBe(true);
  });

  it('skips changes the current snapshot already read, and an empty batch', () => {
    expect(needsRebuild([{ kind: 'content', at }], { version: at + 1000 }, at + 1000)).toBe(false);
    expect(needsRebuild([], undefined, at)).toBe(false);
  });

  it('lets sales wait until the snapshot is five minutes old', () => {
    const version = at - POPULARITY_REFRESH_MS + 1;
    expect(needsRebuild([{ kind: 'popularity', at }], { version }, at)).toBe(false);
    expect(needsRebuild([{ kind: 'popularity', at }], { version: version - 1 }, at)).toBe(true);
    expect(
      needsRebuild(
        [
          { kind: 'popularity', at },
          { kind: 'content', at },
        ],
        { version },
        at,
      ),
    ).toBe(true);
  });
});
