import { describe, expect, it } from 'vitest';
import { paginate } from './paged.ts';

const url = (page: number) => `/voucher?page=${page}`;

describe('paginate', () => {
  it('answers the spec’s paged wrapper', () => {
    const items = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(paginate(items, 1, 9, url)).toEqual({
      data: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      current_page: 1,
      last_page: 3,
      next_page_url: '/voucher?page=2',
      total: 20,
      per_page: 9,
      from: 1,
      to: 9,
    });
    const last = paginate(items, 3, 9, url);
    expect(last.data).toEqual([19, 20]);
    expect(last.next_page_url).toBeNull();
    expect([last.from, last.to]).toEqual([19, 20]);
  });

  it('handles empty lists and pages past the end', () => {
    expect(paginate([], 1, 9, url)).toMatchObject({
      data: [],
      last_page: 1,
      next_page_url: null,
      from: null,
      to: null,
      total: 0,
    });
    expect(paginate([1], 5, 9, url)).toMatchObject({ data: [], current_page: 5, next_page_url: null });
  });
});
