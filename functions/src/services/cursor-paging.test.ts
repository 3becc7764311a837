import { describe, expect, it } from 'vitest';
import { ValidationError } from '../lib/errors.ts';
import {
  cursorPage,
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR,
  pageAnswer,
  type CursorPartition,
  type StartKey,
} from './cursor-paging.ts';

const partition: CursorPartition = { index: 'GSI3', pk: 'ORDERS' };
const key = { PK: 'ORDER#1', SK: 'ORDER', GSI3PK: 'ORDERS', GSI3SK: '2026-11-26#1' };
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refused(cursor: string, p: CursorPartition = partition) {
  try {
    decodeCursor(cursor, p);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ cursor: [INVALID_CURSOR] });
    return true;
  }
  return false;
}

describe('encodeCursor / decodeCursor', () => {
  it('round-trips a LastEvaluatedKey of the partition', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, partition)).toEqual(key);
  });

  it('refuses a key of another partition, another index, extra or missing names and non-strings', () => {
    expect(refused(encodeCursor({ ...key, GSI3PK: 'EXPIRY' }))).toBe(true);
    expect(refused(encodeCursor(key), { index: 'GSI2', pk: 'ORDERS' })).toBe(true);
    expect(refused(encodeCursor({ ...key, extra: 'x' }))).toBe(true);
    expect(refused(encodeCursor({ PK: key.PK, SK: key.SK, GSI3PK: key.GSI3PK }))).toBe(true);
    expect(refused(encodeCursor({ ...key, GSI3SK: 5 }))).toBe(true);
  });

  it('refuses what is not base64url JSON of an object', () => {
    expect(refused('not a cursor!')).toBe(true);
    expect(refused(raw([key]))).toBe(true);
    expect(refused(raw(null))).toBe(true);
    expect(refused(raw('ORDERS'))).toBe(true);
  });

  it('applies the check of the item key', () => {
    const orders = { ...partition, item: (k: { PK: string; SK: string }) => k.PK.startsWith('ORDER#') };
    expect(decodeCursor(encodeCursor(key), orders)).toEqual(key);
    expect(refused(encodeCursor({ ...key, PK: 'USER#1' }), orders)).toBe(true);
  });
});

describe('pageAnswer', () => {
  it('numbers the rows of the page', () => {
    expect(pageAnswer(['k', 'l'], { page: 2, perPage: 10, total: 12, next: null })).toEqual({
      data: ['k', 'l'],
      current_page: 2,
      last_page: 2,
      next_page_url: null,
      total: 12,
      per_page: 10,
      from: 11,
      to: 12,
    });
    expect(pageAnswer([], { page: 1, perPage: 10, total: 0, next: null })).toMatchObject({
      last_page: 1,
      from: null,
      to: null,
    });
  });
});

describe('cursorPage', () => {
  /** A partition of `n` rows read like a `Limit` Query: the key of row i is `{…, GSI3SK: i}`. */
  function partitionOf(n: number) {
    const rows = Array.from({ length: n }, (_, i) => i);
    const keyOf = (i: number) => ({ ...key, GSI3SK: String(i) });
    const reads: { limit: number; start?: StartKey }[] = [];
    return {
      reads,
      read: async (limit: number, start?: StartKey) => {
        reads.push({ limit, ...(start ? { start } : {}) });
        const from = start ? Number(start.GSI3SK) + 1 : 0;
        const items = rows.slice(from, from + limit);
        const last = items[items.length - 1];
        return { items, ...(last !== undefined && from + limit < n ? { lastKey: keyOf(last) } : {}) };
      },
      total: { exact: async () => n },
    };
  }
  const pageUrl = (page: number, cursor: string) => `https://api/list?page=${page}&cursor=${cursor}`;

  it('answers the first page with the cursor of the next in next_page_url', async () => {
    const p = partitionOf(25);
    const answer = await cursorPage({ page: 1, perPage: 10, cursor: undefined, partition, ...p, pageUrl });
    expect(answer).toMatchObject({ data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], total: 25, last_page: 3, from: 1, to: 10 });
    const next = new URL(answer.next_page_url!);
    expect(next.searchParams.get('page')).toBe('2');
    expect(decodeCursor(next.searchParams.get('cursor')!, partition)).toEqual({ ...key, GSI3SK: '9' });
  });

  it('follows a cursor with one read of a page', async () => {
    const p = partitionOf(25);
    const cursor = encodeCursor({ ...key, GSI3SK: '19' });
    const answer = await cursorPage({ page: 3, perPage: 10, cursor, partition, ...p, pageUrl });
    expect(answer).toMatchObject({ data: [20, 21, 22, 23, 24], from: 21, to: 25, next_page_url: null });
    expect(p.reads).toEqual([{ limit: 10, start: { ...key, GSI3SK: '19' } }]);
  });

  it('walks from the start to a page number without a cursor', async () => {
    const p = partitionOf(25);
    const answer = await cursorPage({ page: 2, perPage: 10, cursor: undefined, partition, ...p, pageUrl });
    expect(answer.data).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(p.reads.map((r) => r.limit)).toEqual([10, 10]);
    expect(p.reads[0]).toEqual({ limit: 10 });
  });

  it('answers an empty page past the end', async () => {
    const p = partitionOf(5);
    const answer = await cursorPage({ page: 4, perPage: 10, cursor: undefined, partition, ...p, pageUrl });
    expect(answer).toMatchObject({
      data: [],
      current_page: 4,
      last_page: 1,
      total: 5,
      from: null,
      next_page_url: null,
    });
  });

  it('refuses a cursor of another partition before reading', async () => {
    const p = partitionOf(5);
    const cursor = encodeCursor({ ...key, GSI3PK: 'OTHER' });
    await expect(cursorPage({ page: 2, perPage: 10, cursor, partition, ...p, pageUrl })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(p.reads).toEqual([]);
  });

  it('never answers an exact total below the rows seen (a counter lagging the newest rows)', async () => {
    const p = { ...partitionOf(25), total: { exact: async () => 12 } };
    const cursor = encodeCursor({ ...key, GSI3SK: '9' });
    const answer = await cursorPage({ page: 2, perPage: 10, cursor, partition, ...p, pageUrl });
    expect(answer).toMatchObject({ total: 20, last_page: 2, from: 11, to: 20, next_page_url: null });
    expect(answer).not.toHaveProperty('total_exact');
  });

  describe('a total counted ahead within a budget', () => {
    /** Counts rows from `start` like `queryCountUpTo` over the same partition, reading at most `budget`. */
    function ahead(n: number, budget: number) {
      const starts: (StartKey | undefined)[] = [];
      return {
        starts,
        total: {
          ahead: async (start: StartKey | undefined) => {
            starts.push(start);
            const from = start ? Number(start.GSI3SK) + 1 : 0;
            const left = n - from;
            return { count: Math.min(left, budget), ended: left <= budget };
          },
        },
      };
    }

    it('answers a lower bound while the budget does not reach the end, and last_page grows as one pages on', async () => {
      const p = partitionOf(100);
      const counted = ahead(100, 25);
      const first = await cursorPage({ page: 1, perPage: 10, cursor: undefined, partition, ...p, ...counted, pageUrl });
      expect(first).toMatchObject({ total: 25, total_exact: false, last_page: 3, from: 1, to: 10 });
      expect(counted.starts).toEqual([undefined]);

      const cursor = new URL(first.next_page_url!).searchParams.get('cursor')!;
      const second = await cursorPage({ page: 2, perPage: 10, cursor, partition, ...p, ...counted, pageUrl });
      // Counted from the second page's start: 10 rows before it + 25 ahead.
      expect(second).toMatchObject({ total: 35, total_exact: false, last_page: 4, from: 11, to: 20 });
      expect(counted.starts[1]).toEqual({ ...key, GSI3SK: '9' });
    });

    it('answers the exact total once the count reaches the end', async () => {
      const p = partitionOf(30);
      const counted = ahead(30, 25);
      const cursor = encodeCursor({ ...key, GSI3SK: '9' });
      const answer = await cursorPage({ page: 2, perPage: 10, cursor, partition, ...p, ...counted, pageUrl });
      expect(answer).toMatchObject({ total: 30, last_page: 3, from: 11, to: 20 });
      expect(answer).not.toHaveProperty('total_exact');
      expect(new URL(answer.next_page_url!).searchParams.get('page')).toBe('3');
    });

    it('offers the next page while rows may follow, even if none was counted beyond this page', async () => {
      // A sparse filter: the budget ran out on the rows of this page.
      const p = partitionOf(100);
      const answer = await cursorPage({
        page: 1,
        perPage: 10,
        cursor: undefined,
        partition,
        ...p,
        total: { ahead: async () => ({ count: 4, ended: false }) },
        pageUrl,
      });
      expect(answer).toMatchObject({ total: 10, total_exact: false, last_page: 2 });
      expect(answer.next_page_url).not.toBeNull();
    });

    it('answers an empty page past the end from the rows it walked', async () => {
      const p = partitionOf(5);
      const counted = ahead(5, 25);
      const answer = await cursorPage({
        page: 3,
        perPage: 10,
        cursor: undefined,
        partition,
        ...p,
        ...counted,
        pageUrl,
      });
      expect(answer).toMatchObject({ data: [], total: 5, last_page: 1, next_page_url: null });
      expect(counted.starts).toEqual([]);
    });
  });

  describe('a bounded page read that was cut (a keyword matching little)', () => {
    /** Rows 0..n-1 of which `matches` pass the filter; a read evaluates at most `budget` rows. */
    function sparse(n: number, matches: number[], budget: number) {
      const keyOf = (i: number) => ({ ...key, GSI3SK: String(i) });
      return {
        read: async (limit: number, start?: StartKey) => {
          let i = start ? Number(start.GSI3SK) + 1 : 0;
          const items: number[] = [];
          const end = Math.min(n, i + budget);
          for (; i < end && items.length < limit; i++) if (matches.includes(i)) items.push(i);
          if (i >= n) return { items };
          return { items, lastKey: keyOf(i - 1), ...(items.length < limit ? { cut: true } : {}) };
        },
        total: {
          ahead: async (start: StartKey | undefined) => {
            const from = start ? Number(start.GSI3SK) + 1 : 0;
            const end = Math.min(n, from + budget);
            return { count: matches.filter((m) => m >= from && m < end).length, ended: end >= n };
          },
        },
      };
    }
    const urls: { page: number; cursor: string; seen?: number }[] = [];
    const seenUrl = (page: number, cursor: string, seen?: number) => {
      urls.push({ page, cursor, ...(seen === undefined ? {} : { seen }) });
      return `https://api/list?page=${page}&cursor=${cursor}${seen === undefined ? '' : `&seen=${seen}`}`;
    };
    const follow = (url: string) => {
      const params = new URL(url).searchParams;
      return {
        page: Number(params.get('page')),
        cursor: params.get('cursor'),
        seen: params.has('seen') ? Number(params.get('seen')) : undefined,
      };
    };

    it('answers the rows found, a lower bound and a next page that carries the rows seen', async () => {
      const p = sparse(100, [3, 45, 46, 98], 20);
      const first = await cursorPage({ page: 1, perPage: 10, cursor: undefined, partition, ...p, pageUrl: seenUrl });
      expect(first).toMatchObject({ data: [3], total: 1, total_exact: false, last_page: 2, from: 1, to: 1 });
      expect(follow(first.next_page_url!)).toMatchObject({ page: 2, seen: 1 });

      // Following next_page_url: an empty window (20–39), then the two matches numbered 2–3, then the last.
      const rows: number[] = [...first.data];
      let url = first.next_page_url;
      const pages = [first];
      while (url) {
        const next = follow(url);
        const answer = await cursorPage({ perPage: 10, partition, ...p, pageUrl: seenUrl, ...next });
        if (answer.data.length) expect(answer.from).toBe(rows.length + 1);
        rows.push(...answer.data);
        expect(answer.total).toBeGreaterThanOrEqual(rows.length);
        pages.push(answer);
        url = answer.next_page_url;
      }
      expect(rows).toEqual([3, 45, 46, 98]);
      expect(pages.map((a) => a.data)).toEqual([[3], [], [45, 46], [], [98]]);
      expect(pages.at(-1)).toMatchObject({ total: 4, from: 4, to: 4, last_page: 5, next_page_url: null });
      expect(pages.at(-1)).not.toHaveProperty('total_exact');
      expect(pages.slice(0, -1).every((a) => a.total_exact === false)).toBe(true);
    });

    it('a full page keeps the plain next_page_url (no seen) while the pages before were full', async () => {
      const p = sparse(
        100,
        Array.from({ length: 30 }, (_, i) => i),
        50,
      );
      const first = await cursorPage({ page: 1, perPage: 10, cursor: undefined, partition, ...p, pageUrl: seenUrl });
      expect(first).toMatchObject({ from: 1, to: 10 });
      expect(follow(first.next_page_url!).seen).toBeUndefined();
    });

    it('a page number without cursor whose skipping read was cut answers an empty page that searches on for it', async () => {
      const p = sparse(100, [3, 95], 20);
      const answer = await cursorPage({ page: 2, perPage: 10, cursor: undefined, partition, ...p, pageUrl: seenUrl });
      expect(answer).toMatchObject({ data: [], total: 1, total_exact: false, current_page: 2, from: null });
      expect(follow(answer.next_page_url!)).toMatchObject({ page: 2, seen: 1 });
    });
  });
});
