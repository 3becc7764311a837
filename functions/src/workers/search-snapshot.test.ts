import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { catalogueChangeOf } from './search-snapshot.ts';

const image = (soldCount: number, title = 'Massage') => ({
  PK: { S: 'CATALOGUE' },
  SK: { S: 'VOUCHER#v1' },
  title: { S: title },
  sold_count: { N: String(soldCount) },
  seller: { M: { id: { S: 's1' }, username: { S: 'spa' } } },
});

const record = (
  eventName: DynamoDBRecord['eventName'],
  pk = 'CATALOGUE',
  old?: object,
  now?: object,
): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    Keys: { PK: { S: pk }, SK: { S: 'VOUCHER#v1' } },
    ApproximateCreationDateTime: 1_800_000_000,
    ...(old ? { OldImage: old } : {}),
    ...(now ? { NewImage: now } : {}),
  } as DynamoDBRecord['dynamodb'],
});

describe('catalogueChangeOf', () => {
  it('ignores items outside the catalogue projection', () => {
    expect(catalogueChangeOf(record('INSERT', 'VOUCHER#v1'))).toBeUndefined();
  });

  it('counts creates, deletes and edits as content changes, at the record’s second', () => {
    expect(catalogueChangeOf(record('INSERT'))).toEqual({ kind: 'content', at: 1_800_000_000_000 });
    expect(catalogueChangeOf(record('REMOVE'))?.kind).toBe('content');
    expect(catalogueChangeOf(record('MODIFY', 'CATALOGUE', image(1), image(1, 'Sauna')))?.kind).toBe('content');
  });

  it('counts a change of sold_count alone as popularity (a sale)', () => {
    expect(catalogueChangeOf(record('MODIFY', 'CATALOGUE', image(1), image(2)))?.kind).toBe('popularity');
    // Attribute order in the images does not matter.
    const { seller, ...rest } = image(2);
    expect(catalogueChangeOf(record('MODIFY', 'CATALOGUE', image(1), { seller, ...rest }))?.kind).toBe('popularity');
  });
});
