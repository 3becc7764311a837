import { describe, expect, it } from 'vitest';
import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { batchDeltas, deltasOf, sumDeltas, type Image } from './stats-deltas.ts';
import { matchesStreamFilters, STATS_STREAM_FILTERS } from './stream-filters.ts';

const AT = '2026-11-26T10:00:00.000Z';
const [DAY, WEEK, MONTH] = statsBuckets(AT);

const pendingLine: Image = {
  PK: 'ORDER#o1',
  SK: 'ORDER',
  status: 'pending',
  seller_id: 's1',
  user_id: 'u1',
  payment_id: 'p1',
  total_qty: 2,
  total_amount: 9000,
  reversed: false,
  completed_at: null,
};
const completedLine: Image = {
  ...pendingLine,
  status: 'completed',
  completed_at: AT,
  discount: 500,
  commission: 950,
  processing_fee: 160,
  seller_net: 7390,
};

const keysOf = (image: Image | undefined, old?: Image) =>
  deltasOf({ id: 'r', newImage: image, oldImage: old }).deltas.map((d) => `${d.key.PK}/${d.key.SK}`);

describe('stats deltas of stream records', () => {
  it('a line that becomes completed is one sale in the seller, platform and buyer counters', () => {
    const { deltas } = deltasOf({ id: 'r1', oldImage: pendingLine, newImage: completedLine });
    const sale = { sold_count: 1, sold_qty: 2, gross: 8500, commission: 950, processing_fee: 160, seller_net: 7390 };
    expect(deltas).toEqual([
      ...[DAY, WEEK, MONTH, 'TOTAL'].map((SK) => ({
        key: { PK: 'SELLER#s1#STATS', SK },
        entity: 'SellerStats',
        add: sale,
      })),
      ...[DAY, WEEK, MONTH, 'TOTAL'].map((SK) => ({
        key: { PK: 'PLATFORM#STATS', SK },
        entity: 'PlatformStats',
        add: sale,
      })),
      { key: { PK: 'PLATFORM#STATS', SK: 'ROWS' }, entity: 'ListCounts', add: { orders: 1 } },
      { key: { PK: 'USER#u1', SK: 'STATS' }, entity: 'UserStats', add: { vouchers_bought: 1 } },
    ]);
  });

  it('guests and direct sales count no buyer; later changes of a completed line count nothing', () => {
    const { user_id: _u, ...guest } = completedLine;
    expect(keysOf(guest, pendingLine)).not.toContain('USER#u1/STATS');
    const { payment_id: _p, ...direct }: Image = { ...completedLine, channel: 'direktverkauf', commission: 0 };
    expect(keysOf(direct, pendingLine)).not.toContain('USER#u1/STATS');
    expect(keysOf(direct, pendingLine)).toHaveLength(9);
    expect(keysOf({ ...completedLine, seller_mail_sent_at: AT }, completedLine)).toEqual([]);
    expect(keysOf(pendingLine, undefined)).toEqual([]);
    // A line written completed at once (fixtures, imports) is a sale too.
    expect(keysOf(completedLine, undefined)).toHaveLength(10);
    // Removals (account deletion, TTL) count nothing.
    expect(deltasOf({ id: 'r', oldImage: completedLine }).deltas).toEqual([]);
  });

  it('a reversal counts in the buckets of its own time, the seller with its share', () => {
    const later = '2026-12-03T09:00:00.000Z';
    const reversed = {
      ...completedLine,
      reversed: true,
      reversed_at: later,
      refunded_amount: 8500,
      reversed_seller_net: 7390,
    };
    const { deltas } = deltasOf({ id: 'r', oldImage: completedLine, newImage: reversed });
    expect(deltas.map((d) => d.key.SK)).toEqual([...statsBuckets(later), ...statsBuckets(later)]);
    expect(deltas[0]!.add).toEqual({ reversed_count: 1, reversed_gross: 8500, reversed_seller_net: 7390 });
    expect(deltas[4]!.add).toEqual({ reversed_count: 1, reversed_gross: 8500 });
    expect(
      deltasOf({ id: 'r', oldImage: reversed, newImage: { ...reversed, cancellation_mail_sent_at: later } }).deltas,
    ).toEqual([]);
  });

  const redemption: Image = {
    PK: 'REDEMPTION#x',
    SK: 'REDEMPTION',
    kind: 'voucher',
    seller_id: 's1',
    owner_user_id: 'u2',
    redeemed_value: 1200,
    is_revoked: false,
    created_at: AT,
  };

  it('a redemption adds, its revocation takes away in the same buckets, once', () => {
    const added = deltasOf({ id: 'a', newImage: redemption }).deltas;
    expect(added.map((d) => `${d.key.PK}/${d.key.SK}`)).toEqual([
      ...[DAY, WEEK, MONTH, 'TOTAL'].map((sk) => `SELLER#s1#STATS/${sk}`),
      ...[DAY, WEEK, MONTH, 'TOTAL'].map((sk) => `PLATFORM#STATS/${sk}`),
      'USER#u2/STATS',
      'PLATFORM#STATS/ROWS',
      'SELLER#s1#STATS/ROWS',
    ]);
    expect(added[0]!.add).toEqual({ redemption_count: 1, redeemed_value: 1200 });
    expect(added[8]!.add).toEqual({ voucher_used: 1 });
    const revoked = { ...redemption, is_revoked: true, revoked_at: '2027-01-02T00:00:00.000Z' };
    const taken = deltasOf({ id: 'b', oldImage: redemption, newImage: revoked }).deltas;
    // The revoked row stays listed: its list counts do not move.
    expect(taken.map((d) => d.key)).toEqual(added.slice(0, 9).map((d) => d.key));
    expect(taken[0]!.add).toEqual({ redemption_count: -1, redeemed_value: -1200 });
    expect(taken[8]!.add).toEqual({ voucher_used: -1 });
    expect(deltasOf({ id: 'c', oldImage: revoked, newImage: { ...revoked, updated_at: AT } }).deltas).toEqual([]);
    expect(deltasOf({ id: 'd', oldImage: redemption, newImage: { ...redemption, title: 'neu' } }).deltas).toEqual([]);
  });

  it('counts the rows of the growing lists: orders and redemptions once each, revoked and reversed ones stay', () => {
    const rows = (change: Parameters<typeof deltasOf>[0]) =>
      deltasOf(change)
        .deltas.filter((d) => d.entity === 'ListCounts')
        .map((d) => ({ [`${d.key.PK}/${d.key.SK}`]: d.add }));
    expect(rows({ id: '1', oldImage: pendingLine, newImage: completedLine })).toEqual([
      { 'PLATFORM#STATS/ROWS': { orders: 1 } },
    ]);
    const reversed = { ...completedLine, reversed: true, reversed_at: AT, refunded_amount: 8500 };
    expect(rows({ id: '2', oldImage: completedLine, newImage: reversed })).toEqual([]);
    expect(rows({ id: '3', newImage: redemption })).toEqual([
      { 'PLATFORM#STATS/ROWS': { redemptions: 1 } },
      { 'SELLER#s1#STATS/ROWS': { redemptions: 1 } },
    ]);
    // Inserted already revoked (cannot happen, but it is listed): the row counts, the figures do not.
    const insertedRevoked = deltasOf({ id: '4', newImage: { ...redemption, is_revoked: true } }).deltas;
    expect(insertedRevoked.map((d) => d.entity)).toEqual(['ListCounts', 'ListCounts']);
    expect(rows({ id: '5', oldImage: redemption, newImage: { ...redemption, is_revoked: true } })).toEqual([]);
    // Employee redemptions are listed elsewhere (the tourism account's partition).
    const employee = { PK: 'REDEMPTION#e', SK: 'REDEMPTION', kind: 'employee', seller_id: 'p1', created_at: AT };
    expect(rows({ id: '6', newImage: employee })).toEqual([]);
  });

  it("the voucher's own counters: its stats per sale and redemption, its popularity on the voucher and its entry", () => {
    const sold = deltasOf({
      id: 's',
      oldImage: { ...pendingLine, voucher_id: 'v1' },
      newImage: { ...completedLine, voucher_id: 'v1' },
    }).deltas.filter((d) => d.key.PK === 'VOUCHER#v1' || d.key.PK === 'CATALOGUE');
    expect(sold).toEqual([
      {
        key: { PK: 'VOUCHER#v1', SK: 'STATS' },
        entity: 'VoucherStats',
        add: { sold_count: 1, sold_qty: 2, gross: 8500 },
      },
      { key: { PK: 'VOUCHER#v1', SK: 'VOUCHER' }, entity: 'Voucher', add: { sold_count: 1 } },
      { key: { PK: 'CATALOGUE', SK: 'VOUCHER#v1' }, entity: 'CatalogueEntry', add: { sold_count: 1 } },
    ]);
    // A reversal leaves the voucher's figures as they were (as before issue 15).
    const reversed = { ...completedLine, voucher_id: 'v1', reversed: true, reversed_at: AT, refunded_amount: 8500 };
    expect(keysOf(reversed, { ...completedLine, voucher_id: 'v1' }).filter((k) => k.startsWith('VOUCHER#'))).toEqual(
      [],
    );
    const redeemed = { ...redemption, voucher_id: 'v1' };
    const stats = (change: Parameters<typeof deltasOf>[0]) =>
      deltasOf(change).deltas.filter((d) => d.key.PK === 'VOUCHER#v1');
    expect(stats({ id: 'r', newImage: redeemed })).toEqual([
      {
        key: { PK: 'VOUCHER#v1', SK: 'STATS' },
        entity: 'VoucherStats',
        add: { redemption_count: 1, redeemed_value: 1200 },
      },
    ]);
    expect(stats({ id: 'v', oldImage: redeemed, newImage: { ...redeemed, is_revoked: true } })[0]!.add).toEqual({
      redemption_count: -1,
      redeemed_value: -1200,
    });
  });

  it("an audit entry counts a row in its actor's and its target's lists, once", () => {
    const entry: Image = { PK: 'AUDIT#a1', SK: 'AUDIT', actor_id: 'admin1', target_id: 'u9', action: 'delete_order' };
    expect(deltasOf({ id: 'a', newImage: entry }).deltas).toEqual([
      { key: { PK: 'USER#admin1#STATS', SK: 'AUDIT_COUNTS' }, entity: 'AuditCounts', add: { by_actor: 1 } },
      { key: { PK: 'USER#u9#STATS', SK: 'AUDIT_COUNTS' }, entity: 'AuditCounts', add: { of_target: 1 } },
    ]);
    // An admin acting on its own account: one item, both lists.
    expect(deltasOf({ id: 'b', newImage: { ...entry, target_id: 'admin1' } }).deltas).toEqual([
      {
        key: { PK: 'USER#admin1#STATS', SK: 'AUDIT_COUNTS' },
        entity: 'AuditCounts',
        add: { by_actor: 1, of_target: 1 },
      },
    ]);
    // Entries are immutable; a rewrite (none exists) or a removal counts nothing.
    expect(deltasOf({ id: 'c', oldImage: entry, newImage: entry }).deltas).toEqual([]);
    expect(deltasOf({ id: 'd', oldImage: entry }).deltas).toEqual([]);
    const summed = sumDeltas(
      batchDeltas([
        { id: '1', newImage: entry },
        { id: '2', newImage: { ...entry, PK: 'AUDIT#a2' } },
      ]),
    );
    expect(summed.find((d) => d.key.PK === 'USER#admin1#STATS')?.add).toEqual({ by_actor: 2 });
  });

  it("an employee redemption counts in the partner's buckets only", () => {
    const employee = { PK: 'REDEMPTION#e', SK: 'REDEMPTION', kind: 'employee', seller_id: 'p1', created_at: AT };
    const { deltas } = deltasOf({ id: 'e', newImage: employee });
    expect(deltas.map((d) => d.key)).toEqual([DAY, WEEK, MONTH, 'TOTAL'].map((SK) => ({ PK: 'SELLER#p1#STATS', SK })));
    expect(deltas[0]!.add).toEqual({ employee_redemption_count: 1 });
  });

  it('other items count nothing, and a batch sums per counter item', () => {
    expect(keysOf({ PK: 'ORDER#o1', SK: 'GIFT', status: 'completed', seller_id: 's1', completed_at: AT })).toEqual([]);
    expect(keysOf({ PK: 'VOUCHER#v', SK: 'STATS', sold_count: 3 })).toEqual([]);
    const records = batchDeltas([
      { id: '1', newImage: redemption },
      { id: '2', newImage: { PK: 'USER#u', SK: 'PROFILE' } },
      { id: '3', newImage: { ...redemption, PK: 'REDEMPTION#y', redeemed_value: 300 } },
    ]);
    expect(records.map((r) => r.id)).toEqual(['1', '3']);
    const total = sumDeltas(records).find((d) => d.key.PK === 'SELLER#s1#STATS' && d.key.SK === 'TOTAL');
    expect(total?.add).toEqual({ redemption_count: 2, redeemed_value: 1500 });
  });
});

describe('stats stream filters', () => {
  const record = (eventName: string, PK: string, SK: string, status?: string) => ({
    eventName,
    dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } }, NewImage: status ? { status: { S: status } } : {} },
  });
  it('let through completed order lines, redemptions and new audit entries, nothing else', () => {
    expect(matchesStreamFilters(record('INSERT', 'AUDIT#1', 'AUDIT'), STATS_STREAM_FILTERS)).toBe(true);
    expect(matchesStreamFilters(record('MODIFY', 'AUDIT#1', 'AUDIT'), STATS_STREAM_FILTERS)).toBe(false);
    expect(matchesStreamFilters(record('REMOVE', 'AUDIT#1', 'AUDIT'), STATS_STREAM_FILTERS)).toBe(false);
    expect(matchesStreamFilters(record('MODIFY', 'ORDER#1', 'ORDER', 'completed'), STATS_STREAM_FILTERS)).toBe(true);
    expect(matchesStreamFilters(record('INSERT', 'REDEMPTION#1', 'REDEMPTION'), STATS_STREAM_FILTERS)).toBe(true);
    expect(matchesStreamFilters(record('MODIFY', 'ORDER#1', 'ORDER', 'pending'), STATS_STREAM_FILTERS)).toBe(false);
    expect(matchesStreamFilters(record('REMOVE', 'REDEMPTION#1', 'REDEMPTION'), STATS_STREAM_FILTERS)).toBe(false);
    expect(matchesStreamFilters(record('INSERT', 'REDEMPTION#1', 'REVOCATION'), STATS_STREAM_FILTERS)).toBe(false);
    expect(matchesStreamFilters(record('INSERT', 'STATS_APPLIED#1', 'PLATFORM#STATS'), STATS_STREAM_FILTERS)).toBe(
      false,
    );
    expect(matchesStreamFilters(record('MODIFY', 'SELLER#1#STATS', 'TOTAL'), STATS_STREAM_FILTERS)).toBe(false);
    // New invoice drafts (numbered by the same Lambda); their deletion by the numbering is not.
    expect(matchesStreamFilters(record('INSERT', 'ORDER#1', 'INVOICE_DRAFT'), STATS_STREAM_FILTERS)).toBe(true);
    expect(matchesStreamFilters(record('REMOVE', 'ORDER#1', 'INVOICE_DRAFT'), STATS_STREAM_FILTERS)).toBe(false);
  });
});
