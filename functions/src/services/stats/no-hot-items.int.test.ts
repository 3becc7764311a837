import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { createTestAccount, type TestAccount } from '../../../../scripts/test/accounts.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';
import { api } from '../../../../scripts/test/api.ts';
import { settleStandIn, standIn } from '../../../../scripts/test/stripe-stand-in.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import { recordedTransactions } from '../../../../scripts/test/transaction-recorder.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { orders } from '../../lib/deps.ts';

/**
 * Issue 15, "No hot items": a mixed run of sales, redemptions, revocations and reversals of two
 * sellers through the real handlers, while the int set-up records every committed transaction's
 * item keys (scripts/test/transaction-recorder.ts). No item may appear in transactions of both
 * sellers: platform-wide counters would, and overlapping transactions on one item fail with
 * TransactionConflict on DynamoDB. Afterwards, once the stats aggregator caught up, the sellers'
 * dashboards equal their ledgers.
 *
 * No key is exempt: the gap-free invoice and cancellation invoice series are per seller and year
 * (`COUNTER#INVOICE#<sellerId>#<yyyy>`, `COUNTER#CANCELLATION#<sellerId>#<yyyy>`, data-model §4.6),
 * and each seller's invoice code is claimed in a transaction of its own keys only. A sale does not
 * even touch its seller's invoice counter: the stream numbers its invoice draft afterwards. Only the
 * handlers' transactions count (the write path); the stream consumers' are recorded apart (they
 * batch and retry off it: the aggregator's per-counter transactions, the numbering's per seller).
 */
const requestTransactions = () => recordedTransactions().filter((tx) => !tx.consumer);

async function browserCard(): Promise<string> {
  const response = await fetch(`${standIn()}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.STRIPE_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 2),
      'card[cvc]': '123',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function buy(buyer: TestAccount, voucherId: string, value: number): Promise<string> {
  const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucherId, value } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const paid = await api('POST', 'order/payment', {
    token: buyer.token,
    body: { payment_type: 'card', payment_method: await browserCard() },
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return added.body.data.id as string;
}

async function shop() {
  const seller = await createTestAccount('seller', { is_activated: true });
  const scanner = await createTestAccount('scanner', { seller_id: seller.userId, is_active: true });
  const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, {
    type: 'value',
    qty_val: null,
    price_filter: 1000,
    val_min: 1000,
    val_max: 50000,
    qty_min: null,
    qty_max: null,
  });
  await putVouchers(voucher);
  return { seller, scanner, voucher };
}

const stats = async (sellerId: string) =>
  (
    await documentClient().send(
      new GetCommand({
        TableName: env().TABLE_NAME,
        Key: { PK: `SELLER#${sellerId}#STATS`, SK: 'TOTAL' },
        ConsistentRead: true,
      }),
    )
  ).Item ?? {};

describe('no hot items on the write path', () => {
  it('sales, redemptions, revocations and reversals of two sellers share no item in their transactions', async () => {
    const [admin, buyer, a, b] = await Promise.all([
      createTestAccount('admin'),
      createTestAccount('user'),
      shop(),
      shop(),
    ]);
    // The same buyer buys from both, so buyer-wide counters would show up too. Sellers run side by side.
    const sellerRun = async ({ seller, scanner, voucher }: Awaited<ReturnType<typeof shop>>) => {
      const kept = await buy(buyer, voucher.id, 3000);
      await settleStandIn();
      const reversed = await buy(buyer, voucher.id, 2000);
      await settleStandIn();
      const line = await orders().get(kept);
      expect(line?.status).toBe('completed');
      const uv = line!.user_voucher_ids![0]!;
      const redeem = (value: number) =>
        api('POST', 'redemption', {
          token: scanner.token,
          body: { order_id: uv, value },
          headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        });
      const first = await redeem(500);
      const second = await redeem(700);
      expect([first.status, second.status]).toEqual([201, 201]);
      const revoked = await api('POST', 'redemption/revoke', { token: seller.token, body: { id: first.body.data.id } });
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      // The reversal names the order's invoice, which the stream numbers (issue 15).
      await aggregatesCaughtUp();
      const reversal = await api('POST', 'order/reverse-order', {
        token: admin.token,
        body: { id: reversed, reverse: true },
      });
      expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
      return seller.userId;
    };
    const sellers = await Promise.all([sellerRun(a), sellerRun(b)]);

    const owners = new Map<string, Set<string>>();
    const attributed = new Map<string, number>(sellers.map((s) => [s, 0]));
    const kinds = new Map<string, Set<string>>(sellers.map((s) => [s, new Set<string>()]));
    for (const tx of requestTransactions()) {
      const whose = sellers.filter((s) => tx.text.includes(s));
      if (whose.length === 0) continue;
      expect(whose, `one transaction of both sellers: ${tx.keys.join(', ')}`).toHaveLength(1);
      const seller = whose[0]!;
      attributed.set(seller, attributed.get(seller)! + 1);
      for (const key of tx.keys) {
        kinds.get(seller)!.add(key.split('#')[0]!);
        owners.set(key, new Set([...(owners.get(key) ?? []), seller]));
      }
    }
    const shared = [...owners].filter(([, who]) => who.size > 1).map(([key]) => key);
    expect(shared).toEqual([]);
    // The run did record each seller's sales, redemptions and reversals (the test can see a hot item).
    for (const seller of sellers) {
      expect(attributed.get(seller)).toBeGreaterThanOrEqual(6);
      expect([...kinds.get(seller)!]).toEqual(expect.arrayContaining(['ORDER', 'REDEMPTION', 'INVOICE']));
    }

    // Off the write path, the counters still equal the ledger once the aggregator caught up.
    await aggregatesCaughtUp();
    for (const seller of sellers) {
      expect(await stats(seller)).toMatchObject({
        sold_count: 2,
        gross: 5000,
        redemption_count: 1,
        redeemed_value: 700,
        reversed_count: 1,
        reversed_gross: 2000,
      });
    }
  }, 120_000);
  it("two buyers' sales and redemptions of one voucher share no item, not even the seller's invoice counter", async () => {
    const [one, two, popular] = await Promise.all([createTestAccount('user'), createTestAccount('user'), shop()]);
    const buyerRun = async (buyer: TestAccount) => {
      const orderId = await buy(buyer, popular.voucher.id, 2500);
      await settleStandIn();
      const line = await orders().get(orderId);
      expect(line?.status).toBe('completed');
      const redeemed = await api('POST', 'redemption', {
        token: popular.scanner.token,
        body: { order_id: line!.user_voucher_ids![0]!, value: 500 },
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
      return buyer.userId;
    };
    const buyers = await Promise.all([buyerRun(one), buyerRun(two)]);

    const owners = new Map<string, Set<string>>();
    for (const tx of requestTransactions()) {
      const whose = buyers.filter((b) => tx.text.includes(b));
      if (whose.length !== 1) continue;
      for (const key of tx.keys) owners.set(key, new Set([...(owners.get(key) ?? []), whose[0]!]));
    }
    const touched = [...owners.keys()];
    // The run did record both sales and redemptions, with the voucher's own counters among the keys.
    expect(touched.some((key) => key.startsWith('REDEMPTION#'))).toBe(true);
    expect(touched.some((key) => key.endsWith('| INVOICE_DRAFT'))).toBe(true);
    // The voucher's stats and popularity are aggregated, the invoices numbered off the write path.
    const counter = `COUNTER#INVOICE#${popular.seller.userId}#${new Date().getFullYear()} | COUNTER`;
    expect(touched).not.toContain(counter);
    const shared = [...owners].filter(([, who]) => who.size > 1).map(([key]) => key);
    expect(shared).toEqual([]);

    await aggregatesCaughtUp();
    // The stream consumer did number both invoices in the seller's series.
    const numbered = recordedTransactions()
      .filter((tx) => tx.consumer === 'stats-aggregator' && tx.keys.includes(counter))
      .flatMap((tx) => buyers.filter((b) => tx.text.includes(b)));
    expect(new Set(numbered)).toEqual(new Set(buyers));
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: env().TABLE_NAME,
        Key: { PK: `VOUCHER#${popular.voucher.id}`, SK: 'STATS' },
        ConsistentRead: true,
      }),
    );
    expect(Item).toMatchObject({ sold_count: 2, gross: 5000, redemption_count: 2, redeemed_value: 1000 });
  }, 120_000);
});
