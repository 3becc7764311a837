import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { statsBuckets } from '@gm/shared/dates/stats-buckets';
import { commissionFor, feeBase } from '@gm/shared/orders/pricing';
import { effectiveSettings } from '@gm/shared/settings/contracts';
import { reversedSellerShare } from '@gm/shared/payouts/ledger';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { payments, payoutAccounts, settings, transactions } from '../../functions/src/lib/deps.ts';
import { statsKeys } from '../../functions/src/repositories/sales-stats.ts';
import { orderKeys } from '../../functions/src/repositories/order-repository.ts';
import { payoutAccountKeys } from '../../functions/src/repositories/payout-account-repository.ts';
import { testVoucher } from './test-vouchers.ts';

/**
 * Completed sales for the payout tests, written as the completion writes them (the order line with
 * its seller and admin index keys and the frozen commission, fee and seller share from THE
 * commission rule with the seller's effective settings read from the table; the stats aggregator
 * counts it) — without a checkout per line. Amounts in cents. Await `aggregatesCaughtUp()` before
 * reading dashboard figures.
 */
export type TestSale = {
  amount: number;
  channel: 'marketplace' | 'subdomain' | 'direktverkauf';
  pType: 'stripe' | 'bank' | 'none';
  voucherType?: 'value' | 'quantity';
  completedAt: string;
  /** A line from before the processing-fee rule (2023-04-10): no fee was frozen on it. */
  noFee?: boolean;
  /** An older reversal (before `reversed_seller_net` was stored on the order): reversed with this refund. */
  reversedBefore?: { refund: number; at: string };
};

export async function putSale(sellerId: string, sale: TestSale): Promise<{ id: string; seller_net: number }> {
  const { global, seller } = await settings().getForSeller(sellerId);
  const effective = effectiveSettings(global, seller);
  const type = sale.voucherType ?? 'value';
  const base = feeBase({ voucher: { type }, total_value: sale.amount, total_amount: sale.amount });
  const payment = sale.pType === 'bank' ? 'bank' : sale.pType === 'none' ? 'none' : 'card';
  const split = commissionFor({ amount: base, channel: sale.channel, payment }, effective);
  const fee = sale.noFee ? 0 : split.processing_fee;
  const net = sale.amount - split.commission - fee;
  const id = randomUUID();
  const voucher = testVoucher(`v-${id}`, sellerId, {
    type,
    qty_val: type === 'quantity' ? sale.amount : null,
    ...(type === 'value' ? { val_min: 500, val_max: 50000, qty_min: null, qty_max: null } : {}),
  });
  const sk = orderKeys.sortKey(sale.completedAt, id);
  const reversed = sale.reversedBefore;
  const table = env().TABLE_NAME;
  await transactions().commit([
    {
      Put: {
        TableName: table,
        Item: {
          ...orderKeys.item(id),
          entity: 'Order',
          id,
          status: 'completed',
          guest: { email: `guest-${id.slice(0, 8)}@test.example`, first_name: 'Gast', last_name: 'Test' },
          voucher_id: voucher.id,
          seller_id: sellerId,
          voucher,
          qty: 1,
          value: type === 'value' ? sale.amount : null,
          total_qty: 1,
          total_value: sale.amount,
          total_amount: sale.amount,
          discount: 0,
          channel: sale.channel,
          subdomain: sale.channel === 'subdomain' ? 'testshop' : null,
          is_gift: false,
          p_type: sale.pType,
          order_no: `GM-T-${id.slice(0, 8)}`,
          invoice_no: null,
          commission: split.commission,
          processing_fee: fee,
          seller_net: net,
          user_voucher_ids: [],
          reversed: Boolean(reversed),
          ...(reversed ? { reversed_at: reversed.at, refunded_amount: reversed.refund } : {}),
          created_at: sale.completedAt,
          updated_at: sale.completedAt,
          completed_at: sale.completedAt,
          GSI2PK: orderKeys.sellerOrders(sellerId),
          GSI2SK: sk,
          GSI3PK: orderKeys.allOrders,
          GSI3SK: sk,
        },
      },
    },
  ]);
  // The stats aggregator counts the sale and the reversal from the order's stream record (issue 15).
  // It reads `reversed_seller_net` from the order, which such an older reversal lacks: its seller
  // share went straight onto the seller's stats back then.
  if (reversed) {
    const sellerNet = reversedSellerShare({ seller_net: net, paid: sale.amount, refund: reversed.refund });
    for (const sk of statsBuckets(reversed.at))
      await documentClient().send(
        new UpdateCommand({
          TableName: table,
          Key: statsKeys.seller(sellerId, sk),
          UpdateExpression: 'ADD reversed_seller_net :net',
          ExpressionAttributeValues: { ':net': sellerNet },
        }),
      );
  }
  return { id, seller_net: net };
}

/** A connected account at the stand-in with payouts enabled, stored on the seller's payout account. */
export async function enablePayouts(sellerId: string, email: string): Promise<string> {
  const account = await payments().createConnectedAccount({
    email,
    userId: sellerId,
    idempotencyKey: `acct-${sellerId}`,
  });
  const standIn = process.env.STRIPE_STAND_IN_URL as string;
  const enabled = await fetch(`${standIn}/__test/accounts/${account.id}`, {
    method: 'POST',
    body: JSON.stringify({ payouts_enabled: true, charges_enabled: true }),
  });
  if (enabled.status !== 200) throw new Error(`stand-in refused to enable ${account.id}`);
  await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: payoutAccountKeys.item(sellerId),
      UpdateExpression: 'SET stripe_account_id = :acct, payouts_enabled = :yes',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':acct': account.id, ':yes': true },
    }),
  );
  if (!(await payoutAccounts().get(sellerId))?.payouts_enabled) throw new Error('payout account not enabled');
  return account.id;
}

/** Adds cents to the stand-in platform balance (transfers need it). */
export async function topUpBalance(cents: number): Promise<void> {
  const standIn = process.env.STRIPE_STAND_IN_URL as string;
  await fetch(`${standIn}/__test/balance`, { method: 'POST', body: JSON.stringify({ amount: cents }) });
}
