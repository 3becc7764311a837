import { describe, expect, expectTypeOf, it } from 'vitest';
import { KEY_ATTRIBUTES, withoutKeys } from './item-keys.ts';
import { TABLE_DEFINITION } from './table-definition.ts';

const stored = {
  PK: 'ORDER#o1',
  SK: 'ORDER',
  GSI1PK: 'USER#u1#ORDERS',
  GSI1SK: '2026-11-27#o1',
  GSI2PK: 'SELLER#s1#ORDERS',
  GSI2SK: '2026-11-27#o1',
  GSI3PK: 'ORDERS',
  GSI3SK: '2026-11-27#o1',
  entity: 'Order',
  ttl: 1_800_000_000,
  search_text: 'gm-1 pizza',
  id: 'o1',
  status: 'completed',
  total_amount: 25,
  voucher: { title: 'Pizza', seller: { username: 'luigi' } },
  note: undefined,
};

/** The record's own attributes: what is left once the keys, `ttl` and `search_text` are dropped. */
const own = {
  id: 'o1',
  status: 'completed',
  total_amount: 25,
  voucher: { title: 'Pizza', seller: { username: 'luigi' } },
  note: undefined,
};

describe('withoutKeys', () => {
  it('drops the table and index keys and the entity tag, keeps every other attribute', () => {
    expect(withoutKeys(stored)).toEqual({ ttl: 1_800_000_000, search_text: 'gm-1 pizza', ...own });
    expect(Object.keys(withoutKeys(stored))).toContain('note');
  });

  it('drops the extra attribute names given as well', () => {
    const record = withoutKeys(stored, 'ttl', 'search_text');
    expect(record).toEqual(own);
    expectTypeOf(record).toEqualTypeOf<Omit<typeof stored, (typeof KEY_ATTRIBUTES)[number] | 'ttl' | 'search_text'>>();
  });

  it('answers a new object and leaves its input untouched (nested values are shared, not copied)', () => {
    const item = structuredClone(stored);
    const record = withoutKeys(item, 'ttl');
    expect(item).toEqual(stored);
    expect(record).not.toBe(item);
    expect(record.voucher).toBe(item.voucher);
  });

  it('copes with an item that has only some or none of the keys', () => {
    expect(withoutKeys({ PK: 'X', id: 'x' })).toEqual({ id: 'x' });
    expect(withoutKeys({})).toEqual({});
  });

  it('names exactly the key attributes of the table definition, plus entity', () => {
    const fromTable = [
      TABLE_DEFINITION.partitionKey,
      TABLE_DEFINITION.sortKey,
      ...TABLE_DEFINITION.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      'entity',
    ];
    expect([...KEY_ATTRIBUTES].sort()).toEqual(fromTable.sort());
  });
});
