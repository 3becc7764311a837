import { describe, expect, it } from 'vitest';
import { LOAD_MORE_THRESHOLD, SELLER_LIST_THRESHOLD, isNearBottom, shouldLoadMore } from './infinite-scroll.ts';

describe('infinite scroll (01 §2, §9)', () => {
  it('is near the bottom within the threshold', () => {
    expect(isNearBottom({ scrollTop: 985, clientHeight: 1000, scrollHeight: 2000 }, LOAD_MORE_THRESHOLD)).toBe(true);
    expect(isNearBottom({ scrollTop: 984, clientHeight: 1000, scrollHeight: 2000 }, LOAD_MORE_THRESHOLD)).toBe(false);
    expect(isNearBottom({ scrollTop: 975, clientHeight: 1000, scrollHeight: 2000 }, SELLER_LIST_THRESHOLD)).toBe(true);
  });

  it('loads more only when idle, no seller modal is open and there is a next page', () => {
    const ready = { nearBottom: true, loading: false, sellerModalOpen: false, hasNextPage: true };
    expect(shouldLoadMore(ready)).toBe(true);
    expect(shouldLoadMore({ ...ready, nearBottom: false })).toBe(false);
    expect(shouldLoadMore({ ...ready, loading: true })).toBe(false);
    expect(shouldLoadMore({ ...ready, sellerModalOpen: true })).toBe(false);
    expect(shouldLoadMore({ ...ready, hasNextPage: false })).toBe(false);
  });
});
