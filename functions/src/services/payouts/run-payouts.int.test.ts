import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYOUT_TEXT, sellerInvoiceSchema } from '@gm/shared/payouts/contracts';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { sellerWithPayoutAccount } from '../../../../scripts/test/payout-seller.ts';
import { enablePayouts, putSale, topUpBalance } from '../../../../scripts/test/payout-sales.ts';
import { documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import {
  audit,
  clock,
  gifts,
  mailQueue,
  newId,
  orderAdmin,
  orders as orderRepository,
  paymentRecords,
  payoutRuns,
  settings,
  users,
  userVouchers,
  log,
  resolve,
} from '../../lib/deps.ts';
import { payments, payoutRunProviders } from '../../lib/deps/payments.ts';
import { reverseOrder } from '../admin/orders/reverse-order.ts';
import { orderKeys } from '../../repositories/order-repository.ts';
import { sellerInvoiceKeys, type SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { PaymentProviderError } from '../../adapters/stripe-payments.ts';
import {
  runScheduledPayouts,
  runSellerPayout,
  SimulatedCrash,
  type PayoutCrashPoint,
  type PayoutRunDeps,
} from './run-payouts.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * The payout run against DynamoDB Local, s3rver and the Stripe stand-in (issue 12): each crash point
 * pays exactly once with gap-free numbers and no skipped period, reruns are idempotent, concurrent
 * runs make one invoice and one transfer, and the schedule picks the due sellers.
 */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const HOUR = 3_600_000;
const MIN = 60_000;

/** Run deps whose clock is `offsetMs` ahead of real time; `crashAt` makes the run die there. */
function runDeps(offsetMs = 0, crashAt?: PayoutCrashPoint): PayoutRunDeps {
  return {
    ...resolve(payoutRunProviders),
    clock: () => new Date(clock()().getTime() + offsetMs),
    ...(crashAt
      ? {
          payoutCrashAt: (point: PayoutCrashPoint) => {
            if (point === crashAt) throw new SimulatedCrash(point);
          },
        }
      : {}),
  };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function issuedInvoices(sellerId: string): Promise<SellerInvoiceRecord[]> {
  return payoutRuns().issuedInRange(sellerId, '0', '9999');
}

async function transfersOf(accountId: string): Promise<{ id: string; amount: number; transfer_group: string }[]> {
  const response = await fetch(`${standIn()}/v1/transfers?destination=${accountId}&limit=100`, {
    headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY ?? 'sk_test_local'}` },
  });
  return ((await response.json()) as { data: { id: string; amount: number; transfer_group: string }[] }).data;
}

async function orderItem(orderId: string) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: orderKeys.item(orderId), ConsistentRead: true }),
  );
  return Item ?? {};
}

async function counterValue(year: number): Promise<number> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env().TABLE_NAME, Key: sellerInvoiceKeys.counter(year), ConsistentRead: true }),
  );
  return typeof Item?.value === 'number' ? Item.value : 0;
}

/** A seller with payouts enabled and two card sales of 50,00 € and 20,00 € an hour ago. */
async function paidSeller() {
  const seller = await sellerWithPayoutAccount();
  const account = await enablePayouts(seller.userId, seller.email);
  const a = await putSale(seller.userId, {
    amount: 5000,
    channel: 'marketplace',
    pType: 'stripe',
    completedAt: ago(HOUR),
  });
  const b = await putSale(seller.userId, {
    amount: 2000,
    channel: 'marketplace',
    pType: 'stripe',
    completedAt: ago(HOUR - MIN),
  });
  return { seller, account, orders: [a, b] };
}

beforeAll(async () => {
  await topUpBalance(100_000_000);
});

describe('payout run: crash safety', () => {
  const points: PayoutCrashPoint[] = ['after_claim', 'mid_marking', 'after_pdf', 'after_finalize', 'after_transfer'];
  for (const point of points) {
    it(`a crash ${point.replace('_', ' ')} → the rerun pays exactly once, the number stays gap-free, no period is skipped`, async () => {
      const { seller, account, orders } = await paidSeller();
      const year = Number(new Date().getFullYear());
      await expect(runSellerPayout(runDeps(0, point), seller.userId, 'schedule')).rejects.toBeInstanceOf(
        SimulatedCrash,
      );
      const number = await counterValue(year);
      const state = await payoutRuns().getState(seller.userId);
      expect(state.open_invoice_id).toBeTruthy();
      // While the dead run's lease lasts, another run does not take over.
      expect((await runSellerPayout(runDeps(), seller.userId, 'schedule')).outcome).toBe('busy');
      // A sale after the claimed period: the next invoice's.
      const later = await putSale(seller.userId, {
        amount: 1000,
        channel: 'marketplace',
        pType: 'stripe',
        completedAt: new Date(Date.now() + 3 * MIN).toISOString(),
      });

      // The lease ran out: the next run resumes the same invoice and finishes it.
      const rerun = await runSellerPayout(runDeps(6 * MIN), seller.userId, 'schedule');
      expect(rerun.outcome).toBe('invoiced');
      const invoice = (rerun as { invoice: SellerInvoiceRecord }).invoice;
      expect(invoice.id).toBe(state.open_invoice_id);
      expect(await counterValue(year)).toBe(number);
      expect(invoice.invoice_no).toBe(`PR-${year}-${String(number).padStart(6, '0')}`);
      // 4300 + 1645 (50 € and 20 € at the default or global commission as frozen) less VAT: as the ledger says.
      const nets = orders.reduce((s, o) => s + o.seller_net, 0);
      expect(invoice).toMatchObject({ status: 'issued', transfer_status: 'paid', line_count: 2, seller_net: nets });
      expect(invoice.payout).toBe(nets - invoice.commission_vat);
      const transfers = await transfersOf(account);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ amount: invoice.payout, transfer_group: invoice.id });
      expect(invoice.stripe_transfer_id).toBe(transfers[0]!.id);
      for (const o of orders) expect((await orderItem(o.id)).seller_invoice_id).toBe(invoice.id);
      const after = await payoutRuns().getState(seller.userId);
      expect(after).toMatchObject({ open_invoice_id: null, paid_out: invoice.payout, invoiced_payout: invoice.payout });

      // Idempotent: nothing new until the later sale's time has passed the settle margin.
      expect((await runSellerPayout(runDeps(6 * MIN), seller.userId, 'schedule')).outcome).toBe('nothing');
      const next = await runSellerPayout(runDeps(12 * MIN), seller.userId, 'schedule');
      expect(next.outcome).toBe('invoiced');
      const second = (next as { invoice: SellerInvoiceRecord }).invoice;
      // The periods follow each other without a gap (the idle run moved the cursor without an invoice).
      expect(second.period_start! > invoice.period_end).toBe(true);
      expect(second.line_count).toBe(1);
      expect((await orderItem(later.id)).seller_invoice_id).toBe(second.id);
      expect(await issuedInvoices(seller.userId)).toHaveLength(2);
      expect(await transfersOf(account)).toHaveLength(2);
      // The PDF of every issued invoice is there.
      expect(invoice.pdf_key).toBe(sellerInvoiceKeys.pdf(invoice.invoice_no, invoice.issued_at));
    });
  }

  it('10 concurrent runs for one seller → one invoice, one transfer; a rerun finds nothing', async () => {
    const { seller, account } = await paidSeller();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => runSellerPayout(runDeps(), seller.userId, 'schedule')),
    );
    expect(outcomes.filter((o) => o.outcome === 'invoiced')).toHaveLength(1);
    expect(await issuedInvoices(seller.userId)).toHaveLength(1);
    expect(await transfersOf(account)).toHaveLength(1);
    expect((await runSellerPayout(runDeps(), seller.userId, 'schedule')).outcome).toBe('nothing');
  });

  it('a Stripe outage leaves the transfer pending and fails the run; the retry resumes at once and pays once', async () => {
    const { seller, account } = await paidSeller();
    const deps = runDeps();
    const down: PayoutRunDeps = {
      ...deps,
      payments: {
        ...deps.payments,
        createTransfer: () =>
          Promise.reject(new PaymentProviderError('Stripe: unavailable', undefined, 503, undefined)),
      },
    };
    await expect(runSellerPayout(down, seller.userId, 'schedule')).rejects.toBeInstanceOf(PaymentProviderError);
    const state = await payoutRuns().getState(seller.userId);
    // Issued, transfer pending, the lock kept but the lease given back: the Lambda retry need not wait.
    expect(state).toMatchObject({ run_lease: null, paid_out: 0 });
    expect((await payoutRuns().getInvoice(state.open_invoice_id!))?.transfer_status).toBe('pending');
    const retry = await runSellerPayout(runDeps(), seller.userId, 'schedule');
    expect((retry as { invoice: SellerInvoiceRecord }).invoice).toMatchObject({
      id: state.open_invoice_id,
      transfer_status: 'paid',
    });
    expect(await transfersOf(account)).toHaveLength(1);
  });

  it('Stripe refuses the transfer → transfer_status failed, the lock is released, the next period is invoiced', async () => {
    const { seller, account } = await paidSeller();
    // Issued with a pending transfer; then the account loses its payouts at Stripe: the transfer is refused.
    await expect(runSellerPayout(runDeps(0, 'after_finalize'), seller.userId, 'schedule')).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    await fetch(`${standIn()}/__test/accounts/${account}`, {
      method: 'POST',
      body: JSON.stringify({ payouts_enabled: false }),
    });
    const result = await runSellerPayout(runDeps(6 * MIN), seller.userId, 'schedule');
    expect(result.outcome).toBe('invoiced');
    const invoice = (result as { invoice: SellerInvoiceRecord }).invoice;
    expect(invoice.transfer_status).toBe('failed');
    expect(await transfersOf(account)).toHaveLength(0);
    const state = await payoutRuns().getState(seller.userId);
    expect(state).toMatchObject({ open_invoice_id: null, paid_out: 0, invoiced_payout: invoice.payout });
    // The next run does not retry it (the admin pays it outside Stripe and marks it complete).
    await putSale(seller.userId, { amount: 1000, channel: 'marketplace', pType: 'stripe', completedAt: ago(MIN) });
    const next = await runSellerPayout(runDeps(10 * MIN), seller.userId, 'schedule');
    // Payouts are off now (the account.updated webhook reached us): the new invoice is paid manually.
    expect((next as { invoice: SellerInvoiceRecord }).invoice).toMatchObject({ line_count: 1 });
    expect(await transfersOf(account)).toHaveLength(0);
    expect((await payoutRuns().getInvoice(invoice.id))?.transfer_status).toBe('failed');
  });
});

describe('payout run racing reversals', () => {
  it('a line reversed while it is invoiced is deducted exactly once: in the invoice or as an adjustment', async () => {
    const seller = await sellerWithPayoutAccount();
    await enablePayouts(seller.userId, seller.email);
    const admin = await createTestAccount('admin');
    const sales: { id: string; seller_net: number }[] = [];
    for (let i = 0; i < 6; i++)
      sales.push(
        await putSale(seller.userId, {
          amount: 2000 + i * 100,
          channel: 'marketplace',
          pType: 'stripe',
          completedAt: ago(HOUR - i * MIN),
        }),
      );
    const reverseDeps = {
      log: log(),
      orderAdmin: orderAdmin(),
      userVouchers: userVouchers(),
      paymentRecords: paymentRecords(),
      payments: payments(),
      users: users(),
      orders: orderRepository(),
      audit: audit(),
      mailQueue: mailQueue(),
      gifts: gifts(),
      clock: clock(),
      newId: newId(),
    };
    const reverse = (id: string) => reverseOrder(reverseDeps, { userId: admin.userId }, id);
    // While the run marks its first line: that line (already marked) and the last one (not yet) are reversed;
    // a third reversal races the whole run.
    const deps: PayoutRunDeps = {
      ...runDeps(),
      payoutCrashAt: async (point) => {
        if (point === 'mid_marking') await Promise.all([reverse(sales[0]!.id), reverse(sales[5]!.id)]);
      },
    };
    const [run] = await Promise.all([runSellerPayout(deps, seller.userId, 'schedule'), reverse(sales[3]!.id)]);
    const invoice = (run as { invoice: SellerInvoiceRecord }).invoice;
    const { Items: adjustments = [] } = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `SELLER#${seller.userId}#ADJUSTMENTS` },
        ConsistentRead: true,
      }),
    );
    let deductedInInvoice = 0;
    for (const o of [sales[0]!, sales[3]!, sales[5]!]) {
      const item = await orderItem(o.id);
      expect(item.reversed).toBe(true);
      expect(item.seller_invoice_id).toBe(invoice.id);
      const adjustment = adjustments.find((a) => a.order_id === o.id);
      // Exactly one of the two: the share on the invoiced line, or an adjustment.
      if (item.invoiced_reversed_share > 0) {
        expect(item.invoiced_reversed_share).toBe(item.reversed_seller_net);
        expect(adjustment).toBeUndefined();
        deductedInInvoice += item.reversed_seller_net as number;
      } else {
        expect(adjustment?.seller_net).toBe(-(item.reversed_seller_net as number));
        if (adjustment?.settled_by === invoice.id) deductedInInvoice += item.reversed_seller_net as number;
      }
    }
    // The first line was marked before its reversal: an adjustment, settled by the same run; the last one
    // was reversed before it was marked: deducted on the line.
    expect(adjustments.find((a) => a.order_id === sales[0]!.id)).toMatchObject({
      status: 'settled',
      settled_by: invoice.id,
    });
    expect((await orderItem(sales[5]!.id)).invoiced_reversed_share).toBeGreaterThan(0);
    expect(invoice.reversals + invoice.adjustments).toBe(deductedInInvoice);
    // Whatever was not deducted yet is what the dashboard waits to deduct from the next payout.
    await aggregatesCaughtUp();
    const dashboard = await api('GET', 'order?with_stat=true', { token: seller.token });
    const next = await runSellerPayout(runDeps(10 * MIN), seller.userId, 'schedule');
    const nextPayout = next.outcome === 'invoiced' ? next.invoice.payout : 0;
    expect(dashboard.body.stats.payout.waiting_for_payout).toBe(nextPayout);
  });
});

describe('payout run: schedule and the admin run', () => {
  it('runs due sellers only (their own payout_schedule over the global one), skips sellers without payouts', async () => {
    const due = await paidSeller();
    const notEnabled = await sellerWithPayoutAccount();
    await putSale(notEnabled.userId, { amount: 3000, channel: 'marketplace', pType: 'stripe', completedAt: ago(HOUR) });
    const weekly = await paidSeller();
    await settings().putSeller({ user_id: weekly.seller.userId, payout_schedule: 7 }, new Date().toISOString());
    await settings().putSeller({ user_id: due.seller.userId, payout_schedule: 1 }, new Date().toISOString());
    const ours = [due.seller.userId, notEnabled.userId, weekly.seller.userId];
    const deps = runDeps();
    const scoped: PayoutRunDeps = {
      ...deps,
      payoutRuns: {
        ...deps.payoutRuns,
        sellers: async () => ours.map((id) => ({ id, created_at: ago(3 * 24 * HOUR) })),
      },
    };
    // Registered 3 days ago: due every day yes, every 7 days not yet; no payouts: skipped.
    const run = await runScheduledPayouts(scoped, new Date());
    expect(run).toMatchObject({ sellers: 3, invoiced: 1, paid: 1, not_due: 1, not_enabled: 1, failed: 0 });
    expect(await issuedInvoices(due.seller.userId)).toHaveLength(1);
    expect(await issuedInvoices(weekly.seller.userId)).toHaveLength(0);
    expect(await issuedInvoices(notEnabled.userId)).toHaveLength(0);
    // A week later the weekly seller is due; the daily one has nothing new.
    const later = await runScheduledPayouts(scoped, new Date(Date.now() + 8 * 24 * HOUR));
    expect(later).toMatchObject({ invoiced: 1, nothing: 1, not_enabled: 1 });
    expect(await issuedInvoices(weekly.seller.userId)).toHaveLength(1);
  });

  it('POST seller-invoice: 201 with the invoice (manual without payouts), 422 nothing to invoice, 422 self, audit', async () => {
    const admin = await createTestAccount('admin');
    const seller = await sellerWithPayoutAccount();
    await putSale(seller.userId, { amount: 3000, channel: 'marketplace', pType: 'stripe', completedAt: ago(HOUR) });
    const created = await api('POST', 'seller-invoice', { token: admin.token, body: { seller_id: seller.userId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invoice = sellerInvoiceSchema.parse(created.body.data);
    expect(invoice).toMatchObject({ seller_id: seller.userId, transfer_status: 'manual', isCompleted: false });
    expect(invoice.iban).toMatch(/^•+3201$/);
    // The run stores what the Gutschrift shows; the PDF is rendered where it is downloaded (issue 15).
    const file = await fetch(new URL(`seller-invoice/${invoice.id}/pdf`, inject('apiUrl')), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const again = await api('POST', 'seller-invoice', { token: admin.token, body: { seller_id: seller.userId } });
    expect(again.status).toBe(422);
    expect(again.body.errors.seller_id).toEqual([PAYOUT_TEXT.nothingToInvoice]);
    const self = await api('POST', 'seller-invoice', { token: admin.token, body: { seller_id: admin.userId } });
    expect(self.status).toBe(422);
    const asSeller = await api('POST', 'seller-invoice', {
      token: (await createTestAccount('seller')).token,
      body: {},
    });
    expect(asSeller.status).toBe(403);
    const audit = await api('GET', `audit?target_id=${seller.userId}`, { token: admin.token });
    expect(JSON.stringify(audit.body)).toContain('run_payout');
  });
});
