import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { createInvoiceNumberingRepository } from '../repositories/invoice-numbering-repository.ts';
import { createStatsAggregateRepository } from '../repositories/stats-aggregate-repository.ts';
import { createVoucherRepository, voucherKeys } from '../repositories/voucher-repository.ts';
import { putVouchers, testVoucher } from '../../../scripts/test/test-vouchers.ts';
import { silentLog } from '../services/telemetry.ts';
import { statsAggregatorConsumer } from './stats-aggregator.ts';

/**
 * The aggregator against DynamoDB Local, called directly with stream events (the stand-in is not
 * involved: these sellers' records never reach the table, only their counters): Lambda's
 * at-least-once delivery — a batch retried, bisected after a partial failure — never counts twice.
 */
const handler = statsAggregatorConsumer(() => ({
  statsAggregates: createStatsAggregateRepository(documentClient(), env().TABLE_NAME),
  invoiceNumbering: createInvoiceNumberingRepository(documentClient(), env().TABLE_NAME),
  log: silentLog,
}));

const AT = '2026-11-26T10:00:00.000Z';

function saleRecord(sellerId: string, gross: number, voucherId?: string): DynamoDBRecord {
  const id = randomUUID();
  const base = {
    PK: `ORDER#${id}`,
    SK: 'ORDER',
    seller_id: sellerId,
    total_qty: 1,
    total_amount: gross,
    ...(voucherId ? { voucher_id: voucherId } : {}),
  };
  return {
    eventID: randomUUID(),
    eventName: 'MODIFY',
    dynamodb: {
      SequenceNumber: String(Date.now()),
      OldImage: marshall({ ...base, status: 'pending' }) as never,
      NewImage: marshall({ ...base, status: 'completed', completed_at: AT, seller_net: gross - 100 }) as never,
    },
  };
}

async function total(sellerId: string) {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: env().TABLE_NAME,
      Key: { PK: `SELLER#${sellerId}#STATS`, SK: 'TOTAL' },
      ConsistentRead: true,
    }),
  );
  return { sold_count: Item?.sold_count ?? 0, gross: Item?.gross ?? 0, seller_net: Item?.seller_net ?? 0 };
}

const item = async (Key: { PK: string; SK: string }) =>
  (await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key, ConsistentRead: true }))).Item;

describe('stats aggregator', () => {
  it('applies a batch once, however often Lambda delivers it', async () => {
    const seller = randomUUID();
    const batch = [saleRecord(seller, 1000), saleRecord(seller, 2000), saleRecord(seller, 3000)];
    await handler({ Records: batch });
    await handler({ Records: batch });
    expect(await total(seller)).toEqual({ sold_count: 3, gross: 6000, seller_net: 5700 });
  });

  it('a bisected retry after the whole batch was applied adds nothing; a half applied first is not counted again', async () => {
    const seller = randomUUID();
    const batch = [saleRecord(seller, 100), saleRecord(seller, 200), saleRecord(seller, 400), saleRecord(seller, 800)];
    await handler({ Records: batch });
    await handler({ Records: batch.slice(0, 2) });
    await handler({ Records: batch.slice(2) });
    expect(await total(seller)).toEqual({ sold_count: 4, gross: 1500, seller_net: 1100 });

    const other = randomUUID();
    const second = [saleRecord(other, 100), saleRecord(other, 200), saleRecord(other, 400)];
    await handler({ Records: second.slice(1, 2) });
    await handler({ Records: second });
    await Promise.all([handler({ Records: second }), handler({ Records: second.slice(0, 1) })]);
    expect(await total(other)).toEqual({ sold_count: 3, gross: 700, seller_net: 400 });
  });

  it('sums a batch larger than one transaction per counter item', async () => {
    const seller = randomUUID();
    const batch = Array.from({ length: 230 }, () => saleRecord(seller, 10));
    await handler({ Records: batch });
    await handler({ Records: batch.slice(50, 180) });
    expect(await total(seller)).toEqual({ sold_count: 230, gross: 2300, seller_net: 230 * -90 });
  });

  it("keeps the lists' row counts once per record: redemptions per seller (revocation keeps the row), audit entries per actor and target", async () => {
    const seller = randomUUID();
    const actor = randomUUID();
    const target = randomUUID();
    const redemption = (id: string) => ({
      PK: `REDEMPTION#${id}`,
      SK: 'REDEMPTION',
      kind: 'voucher',
      seller_id: seller,
      redeemed_value: 500,
      is_revoked: false,
      created_at: AT,
    });
    const inserted = (image: Record<string, unknown>): DynamoDBRecord => ({
      eventID: randomUUID(),
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: String(Date.now()), NewImage: marshall(image) as never },
    });
    const [r1, r2] = [redemption(randomUUID()), redemption(randomUUID())];
    const revocation: DynamoDBRecord = {
      eventID: randomUUID(),
      eventName: 'MODIFY',
      dynamodb: { OldImage: marshall(r1) as never, NewImage: marshall({ ...r1, is_revoked: true }) as never },
    };
    const audit = (to: string) =>
      inserted({ PK: `AUDIT#${randomUUID()}`, SK: 'AUDIT', actor_id: actor, target_id: to, action: 'update_user' });
    const batch = [inserted(r1), inserted(r2), revocation, audit(target), audit(target), audit(actor)];
    await handler({ Records: batch });
    await handler({ Records: batch.slice(2) });
    await handler({ Records: batch });

    const item = async (PK: string, SK: string) =>
      (
        await documentClient().send(
          new GetCommand({ TableName: env().TABLE_NAME, Key: { PK, SK }, ConsistentRead: true }),
        )
      ).Item;
    expect(await item(`SELLER#${seller}#STATS`, 'ROWS')).toMatchObject({ entity: 'ListCounts', redemptions: 2 });
    expect(await item(`SELLER#${seller}#STATS`, 'TOTAL')).toMatchObject({ redemption_count: 1, redeemed_value: 500 });
    expect(await item(`USER#${actor}#STATS`, 'AUDIT_COUNTS')).toMatchObject({
      entity: 'AuditCounts',
      by_actor: 3,
      of_target: 1,
    });
    expect(await item(`USER#${target}#STATS`, 'AUDIT_COUNTS')).toMatchObject({ of_target: 2 });
    expect((await item(`USER#${target}#STATS`, 'AUDIT_COUNTS'))?.by_actor).toBeUndefined();
  });
  it("keeps a voucher's figures: its stats always, its popularity only while it is listed", async () => {
    const seller = randomUUID();
    const listed = testVoucher(`v-${randomUUID()}`, seller);
    const deleted = testVoucher(`v-${randomUUID()}`, seller);
    await putVouchers(listed, deleted);
    await createVoucherRepository(documentClient(), env().TABLE_NAME).softDelete(deleted.id, seller, AT);
    const batch = [
      saleRecord(seller, 1000, listed.id),
      saleRecord(seller, 2000, deleted.id),
      saleRecord(seller, 500, listed.id),
    ];
    await handler({ Records: batch });
    await handler({ Records: batch });
    expect(await item(voucherKeys.stats(listed.id))).toMatchObject({
      entity: 'VoucherStats',
      sold_count: 2,
      sold_qty: 2,
      gross: 1500,
    });
    expect(await item(voucherKeys.stats(deleted.id))).toMatchObject({ sold_count: 1, gross: 2000 });
    // The popularity on the voucher and its catalogue entry, which keep their own entity.
    expect(await item(voucherKeys.voucher(listed.id))).toMatchObject({
      entity: 'Voucher',
      sold_count: listed.sold_count + 2,
    });
    expect(await item(voucherKeys.catalogue(listed.id))).toMatchObject({ sold_count: listed.sold_count + 2 });
    // A deleted voucher counts no popularity, and its catalogue entry does not come back.
    expect((await item(voucherKeys.voucher(deleted.id)))?.sold_count).toBe(deleted.sold_count);
    expect(await item(voucherKeys.catalogue(deleted.id))).toBeUndefined();
    expect(await total(seller)).toMatchObject({ sold_count: 3, gross: 3500 });
  });
});
