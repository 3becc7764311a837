import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../../scripts/test/api.ts';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { sellerWithPayoutAccount } from '../../../../scripts/test/payout-seller.ts';
import { enablePayouts, putSale, topUpBalance } from '../../../../scripts/test/payout-sales.ts';
import {
  audit,
  clock,
  gifts,
  mailQueue,
  newId,
  orderAdmin,
  orders,
  paymentRecords,
  payoutRuns,
  settings,
  users,
  userVouchers,
  log,
  resolve,
} from '../../lib/deps.ts';
import { payments, payoutRunProviders } from '../../lib/deps/payments.ts';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { reverseOrder } from '../admin/orders/reverse-order.ts';
import { runSellerPayout, type PayoutRunDeps } from './run-payouts.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/**
 * Issue 12 "payout computation on a fixed scenario … matches hand-computed cents": marketplace and
 * subdomain sales under the seller's own settings (over the global ones), card and bank fees, a line
 * from before 2023-04-10 (no fee frozen on it), a direct sale without commission, a reversal before
 * invoicing (stored share) and an older one (share computed from the refund), a reversal after a
 * payout (adjustment), a negative balance carried into the next invoice. Every expected number is
 * computed by hand in the comments; the dashboard's "waiting payout" before each run equals the run.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

function runDeps(offsetMs: number): PayoutRunDeps {
  return {
    ...resolve(payoutRunProviders),
    clock: () => new Date(clock()().getTime() + offsetMs),
  };
}

const reverseDeps = () => ({
  log: log(),
  orderAdmin: orderAdmin(),
  userVouchers: userVouchers(),
  paymentRecords: paymentRecords(),
  payments: payments(),
  users: users(),
  orders: orders(),
  audit: audit(),
  mailQueue: mailQueue(),
  gifts: gifts(),
  clock: clock(),
  newId: newId(),
});

beforeAll(async () => {
  await topUpBalance(100_000_000);
});

describe('payout run: the fixed scenario in hand-computed cents', () => {
  it('invoices, carries and pays exactly the hand-computed amounts; the dashboard says the same before each run', async () => {
    const seller = await sellerWithPayoutAccount();
    const admin = await createTestAccount('admin');
    const account = await enablePayouts(seller.userId, seller.email);
    // The seller's own commission (over whatever the global settings say): marketplace 10 % + 1,00 €,
    // subdomain 2 % + 0,50 €.
    await settings().putSeller(
      {
        user_id: seller.userId,
        sales_commission_percentage: 10,
        sales_commission_euro: 100,
        subdomain_sales_commission_percentage: 2,
        subdomain_sales_commission_euro: 50,
        payout_schedule: 7,
      },
      new Date().toISOString(),
    );
    const waiting = async () => {
      await aggregatesCaughtUp();
      const answer = await api('GET', 'order?with_stat=true', { token: seller.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.stats.payout as { waiting_for_payout: number; total_seller_earnings: number };
    };

    // 1. Marketplace 50,00 € card: 10 % = 5,00 + 1,00 = 6,00 commission; fee 1,5 % = 0,75 + 0,25 = 1,00; net 43,00.
    const first = await putSale(seller.userId, {
      amount: 5000,
      channel: 'marketplace',
      pType: 'stripe',
      completedAt: ago(5 * HOUR),
    });
    expect(first.seller_net).toBe(4300);
    // 2. Subdomain 30,00 € bank (quantity voucher): 2 % = 0,60 + 0,50 = 1,10; fee 1,4 % = 0,42 + 0,25 = 0,67; net 28,23.
    expect(
      (
        await putSale(seller.userId, {
          amount: 3000,
          channel: 'subdomain',
          pType: 'bank',
          voucherType: 'quantity',
          completedAt: ago(4 * HOUR),
        })
      ).seller_net,
    ).toBe(2823);
    // 3. Marketplace 40,00 € card on 2023-03-01 (before the fee rule: no fee frozen): 4,00 + 1,00 = 5,00; net 35,00.
    expect(
      (
        await putSale(seller.userId, {
          amount: 4000,
          channel: 'marketplace',
          pType: 'stripe',
          completedAt: '2023-03-01T10:00:00.000Z',
          noFee: true,
        })
      ).seller_net,
    ).toBe(3500);
    // 4. Direct sale 45,00 € (no payment, no commission): net 45,00.
    expect(
      (
        await putSale(seller.userId, {
          amount: 4500,
          channel: 'direktverkauf',
          pType: 'none',
          completedAt: ago(3 * HOUR),
        })
      ).seller_net,
    ).toBe(4500);
    // 5. Marketplace 25,00 € card: 2,50 + 1,00 = 3,50; fee round(0,375) = 0,38 + 0,25 = 0,63; net 20,87 —
    //    reversed before invoicing (nothing redeemed: all refunded), share = 20,87.
    const fifth = await putSale(seller.userId, {
      amount: 2500,
      channel: 'marketplace',
      pType: 'stripe',
      completedAt: ago(2 * HOUR),
    });
    expect(fifth.seller_net).toBe(2087);
    await reverseOrder(reverseDeps(), { userId: admin.userId }, fifth.id);
    // 6. Marketplace 10,00 € card: 1,00 + 1,00 = 2,00; fee 0,15 + 0,25 = 0,40; net 7,60 — an older reversal of
    //    4,00 € (no stored share): floor(760 × 400 / 1000) = 3,04.
    expect(
      (
        await putSale(seller.userId, {
          amount: 1000,
          channel: 'marketplace',
          pType: 'stripe',
          completedAt: ago(HOUR),
          reversedBefore: { refund: 400, at: ago(30 * MIN) },
        })
      ).seller_net,
    ).toBe(760);

    // Invoice 1: gross 200,00; commission 6,00 + 1,10 + 5,00 + 0 + 3,50 + 2,00 = 17,60; fees 1,00 + 0,67 + 0 + 0 + 0,63 + 0,40 = 2,70;
    // net 43,00 + 28,23 + 35,00 + 45,00 + 20,87 + 7,60 = 179,70; reversals 20,87 + 3,04 = 23,91;
    // VAT 20 % of 17,60 = 3,52; payout 179,70 − 23,91 − 3,52 = 152,27.
    expect((await waiting()).waiting_for_payout).toBe(15227);
    const one = (await runSellerPayout(runDeps(0), seller.userId, 'schedule')) as { invoice: SellerInvoiceRecord };
    expect(one.invoice).toMatchObject({
      line_count: 6,
      gross: 20000,
      commission: 1760,
      processing_fees: 270,
      seller_net: 17970,
      reversals: 2391,
      adjustments: 0,
      carried_in: 0,
      commission_vat: 352,
      balance: 15227,
      payout: 15227,
      carry_out: 0,
      transfer_status: 'paid',
    });
    expect(await waiting()).toMatchObject({ waiting_for_payout: 0, total_seller_earnings: 15227 });

    // After the payout: order 1 is reversed (adjustment −43,00) and a 10,00 € card sale (net 7,60, commission 2,00).
    await reverseOrder(reverseDeps(), { userId: admin.userId }, first.id);
    await putSale(seller.userId, { amount: 1000, channel: 'marketplace', pType: 'stripe', completedAt: ahead(MIN) });
    // Invoice 2: 7,60 − 43,00 − 0,40 VAT = −35,80 → payout 0, carried.
    const twoWaiting = (await waiting()).waiting_for_payout;
    const two = (await runSellerPayout(runDeps(10 * MIN), seller.userId, 'schedule')) as {
      invoice: SellerInvoiceRecord;
    };
    expect(one.invoice.invoice_no < two.invoice.invoice_no).toBe(true);
    expect(two.invoice).toMatchObject({
      line_count: 1,
      seller_net: 760,
      commission: 200,
      adjustments: 4300,
      reversals: 0,
      commission_vat: 40,
      balance: -3580,
      payout: 0,
      carry_out: -3580,
      transfer_status: 'none',
    });
    expect(twoWaiting).toBe(two.invoice.payout);

    // Invoice 3: 100,00 € card: 10,00 + 1,00 = 11,00; fee 1,50 + 0,25 = 1,75; net 87,25; VAT 2,20; carried −35,80 → 49,25.
    await putSale(seller.userId, {
      amount: 10000,
      channel: 'marketplace',
      pType: 'stripe',
      completedAt: ahead(11 * MIN),
    });
    expect((await waiting()).waiting_for_payout).toBe(4925);
    const three = (await runSellerPayout(runDeps(20 * MIN), seller.userId, 'schedule')) as {
      invoice: SellerInvoiceRecord;
    };
    expect(three.invoice).toMatchObject({
      line_count: 1,
      seller_net: 8725,
      commission: 1100,
      commission_vat: 220,
      carried_in: -3580,
      payout: 4925,
      carry_out: 0,
      transfer_status: 'paid',
    });
    expect(await waiting()).toMatchObject({ waiting_for_payout: 0, total_seller_earnings: 15227 + 4925 });
    const state = await payoutRuns().getState(seller.userId);
    expect(state).toMatchObject({ paid_out: 20152, invoiced_payout: 20152, carry_forward: 0, open_invoice_id: null });
    const transfers = await payments().findTransferByGroup(three.invoice.id);
    expect(transfers).toMatchObject({ amountCents: 4925, destination: account });
  });
});
