import { describe, expect, it } from 'vitest';
import { priceRangeSchema } from '@gm/shared/catalogue/search-contracts';
import { parseEuroInput } from '@gm/shared/money/money';
import {
  EMPTY_SEARCH,
  applySearchUpdate,
  activeFilterCount,
  goToPage,
  categorySlugFor,
  cleanPriceInput,
  parseVoucherIds,
  priceFilterOf,
  searchRequestOf,
  searchStateFromParams,
  searchStateToParams,
  toggleListValue,
  toggleSort,
} from './search-state.ts';

describe('search state in the URL', () => {
  it('reads what the home banner sends: keyword and region (also isRegion and targets)', () => {
    const state = searchStateFromParams(
      new URLSearchParams('keyword=%20Yoga%20&region=2&targets=Paare,Hunde&targets=Kinder'),
    );
    expect(state).toMatchObject({ keyword: 'Yoga', region: '2', targets: ['Paare', 'Kinder'] });
    expect(searchStateFromParams(new URLSearchParams('isRegion=4')).region).toBe('4');
    expect(searchStateFromParams(new URLSearchParams('region=&keyword=')).region).toBe('');
    expect(searchStateFromParams(new URLSearchParams('region=9')).region).toBe('');
    expect(searchStateFromParams(new URLSearchParams('sort=bogus')).sort).toBeNull();
  });

  it('round-trips and keeps the modal parameters', () => {
    const state = {
      ...EMPTY_SEARCH,
      keyword: 'Sauna',
      region: '1',
      seasons: ['Winter', 'Immer'],
      priceFrom: '10',
      priceTo: '50',
      sort: 'price' as const,
    };
    const params = searchStateToParams(state, new URLSearchParams('voucher=v1&keyword=alt'));
    expect(params.get('voucher')).toBe('v1');
    expect(params.get('keyword')).toBe('Sauna');
    expect(searchStateFromParams(params)).toEqual(state);
    expect(searchStateToParams(EMPTY_SEARCH).toString()).toBe('');
  });
});

describe('sorting (01 §4)', () => {
  it('is mutually exclusive, toggles off on a second choice and clears the keyword', () => {
    const typed = { ...EMPTY_SEARCH, keyword: 'massage' };
    const newest = toggleSort(typed, 'newest');
    expect(newest).toMatchObject({ sort: 'newest', keyword: '' });
    expect(toggleSort(newest, 'price').sort).toBe('price');
    expect(toggleSort(newest, 'newest').sort).toBeNull();
  });

  it('chains updates made before a re-render, so a quick double click on a sort undoes itself', () => {
    const params = new URLSearchParams('keyword=massage&voucher=v1');
    const start = { params, state: searchStateFromParams(params) };
    const once = applySearchUpdate(start, (s) => toggleSort(s, 'price'));
    expect(once.params.toString()).toBe('voucher=v1&sort=price');
    const twice = applySearchUpdate(once, (s) => toggleSort(s, 'price'));
    expect(twice.state).toEqual(EMPTY_SEARCH);
    expect(twice.params.toString()).toBe('voucher=v1');
    const chips = applySearchUpdate(
      applySearchUpdate(start, (s) => ({ ...s, targets: toggleListValue(s.targets, 'Paare') })),
      (s) => ({ ...s, targets: toggleListValue(s.targets, 'Kinder') }),
    );
    expect(chips.state.targets).toEqual(['Paare', 'Kinder']);
    expect(start.params.toString()).toBe('keyword=massage&voucher=v1');
  });

  it('starts again at page 1 on every filter or sort change, also one back to the search before (01 §4)', () => {
    const at = (query: string) => {
      const params = new URLSearchParams(query);
      return { params, state: searchStateFromParams(params) };
    };
    // Page 4 of the unsorted list, then a sort and page 4 of the sorted one: clearing the sort again is page 1.
    const sorted = applySearchUpdate(at('sort=price&page=4'), (s) => toggleSort(s, 'price'));
    expect(sorted.state).toMatchObject({ sort: null, page: 1 });
    expect(sorted.params.toString()).toBe('');
    // 'Alle Regionen' after a region: page 1, even though that search was shown at page 4 before.
    const allRegions = applySearchUpdate(at('region=2&page=4'), (s) => ({ ...s, region: '' }));
    expect(allRegions.state.page).toBe(1);
    for (const change of [
      (s: typeof EMPTY_SEARCH) => ({ ...s, keyword: 'Sauna' }),
      (s: typeof EMPTY_SEARCH) => ({ ...s, category: 'cat-wellness' }),
      (s: typeof EMPTY_SEARCH) => ({ ...s, targets: toggleListValue(s.targets, 'Paare') }),
      (s: typeof EMPTY_SEARCH) => ({ ...s, priceFrom: '10' }),
    ])
      expect(applySearchUpdate(at('keyword=Yoga&page=3'), change).state.page).toBe(1);
    // Paging itself keeps the search; an update that changes nothing keeps the page (the debounced keyword).
    const paged = applySearchUpdate(at('keyword=Yoga&voucher=v1'), goToPage(3));
    expect(paged.params.toString()).toBe('voucher=v1&keyword=Yoga&page=3');
    expect(applySearchUpdate(paged, (s) => ({ ...s, keyword: 'Yoga' })).state.page).toBe(3);
  });

  it('reads the page from the URL: a whole number from 1, else page 1', () => {
    expect(searchStateFromParams(new URLSearchParams('page=3')).page).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'zwei', ''])
      expect(searchStateFromParams(new URLSearchParams(`page=${bad}`)).page).toBe(1);
  });

  it('toggles list values', () => {
    expect(toggleListValue(['Paare'], 'Kinder')).toEqual(['Paare', 'Kinder']);
    expect(toggleListValue(['Paare', 'Kinder'], 'Paare')).toEqual(['Kinder']);
  });
});

describe('price filter (01 §5)', () => {
  it('applies only with both ends, parses German decimals into cents', () => {
    expect(priceFilterOf('10', '')).toEqual({});
    expect(priceFilterOf('', '20')).toEqual({});
    expect(priceFilterOf('10,50', '1000')).toEqual({ range: { from: 1050, to: 100000 } });
    expect(priceFilterOf('abc', '20')).toEqual({});
  });

  it('turns negative input empty and reports to below from', () => {
    expect(cleanPriceInput('-5')).toBe('');
    expect(cleanPriceInput(' 12,5 ')).toBe('12,5');
    expect(priceFilterOf('-5', '20')).toEqual({});
    expect(priceFilterOf('50', '20').error).toBe('Der Wert muss mindestens sein 50,00\u00a0€.');
  });

  it('answers what the contract priceRangeSchema answers (its rules are checked by hand on the first load)', () => {
    for (const [fromText, toText] of [
      ['10', '20'],
      ['50', '20'],
      ['0', '0'],
      ['19,99', '20'],
      ['20', '19,99'],
    ] as const) {
      const checked = priceRangeSchema.safeParse({ from: parseEuroInput(fromText), to: parseEuroInput(toText) });
      const filter = priceFilterOf(fromText, toText);
      if (checked.success) expect(filter).toEqual({ range: checked.data });
      else expect(filter).toEqual({ error: checked.error.issues[0]?.message });
    }
  });
});

describe('request body', () => {
  it('maps the state to POST voucher/search, nine per page', () => {
    const body = searchRequestOf({
      ...EMPTY_SEARCH,
      keyword: ' Kräuter ',
      region: '3',
      category: 'genuss',
      subcategory: 'sub-x',
      targets: ['Paare'],
      seasons: ['Winter'],
      priceFrom: '10',
      priceTo: '30',
      sort: 'popular',
    });
    expect(body).toEqual({
      paginate: 9,
      keyword: 'Kräuter',
      isRegion: 3,
      isCategory: 'genuss',
      subcategory: 'sub-x',
      targets: ['Paare'],
      seasons: ['Winter'],
      isPrice: { from: 1000, to: 3000 },
      isMostPopular: true,
    });
    expect(searchRequestOf(EMPTY_SEARCH)).toEqual({ paginate: 9 });
    expect(
      searchRequestOf(
        { ...EMPTY_SEARCH, category: 'x', priceFrom: '30', priceTo: '10' },
        { fixedCategory: 'cat-genuss' },
      ),
    ).toEqual({ paginate: 9, isCategory: 'cat-genuss' });
  });

  it('counts active filters for the mobile filter button', () => {
    expect(activeFilterCount(EMPTY_SEARCH)).toBe(0);
    expect(
      activeFilterCount(
        {
          ...EMPTY_SEARCH,
          region: '1',
          targets: ['Paare', 'Kinder'],
          priceFrom: '1',
          priceTo: '2',
          sort: 'newest',
          category: 'x',
        },
        { fixedCategory: true },
      ),
    ).toBe(5);
  });
});

describe('category route slugs', () => {
  it('maps the home shortcut kurzurlaub to genuss and keeps other slugs', () => {
    expect(categorySlugFor('kurzurlaub')).toBe('genuss');
    expect(categorySlugFor('Wellness')).toBe('wellness');
    expect(categorySlugFor('day-spa')).toBe('day-spa');
  });
});

describe('embed ids', () => {
  it('reads ?vouchers=id1,id2 without blanks and repeats', () => {
    expect(parseVoucherIds(' a, b,,a ,c', 100)).toEqual(['a', 'b', 'c']);
    expect(parseVoucherIds(null, 100)).toEqual([]);
    expect(parseVoucherIds('a,b,c', 2)).toEqual(['a', 'b']);
  });
});
