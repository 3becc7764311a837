import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { putVouchers, testVoucher } from '../../../../scripts/test/test-vouchers.ts';
import {
  clock,
  companies,
  documents,
  newId,
  orders,
  payments,
  payoutAccounts,
  payoutRuns,
  settings,
  users,
  log,
  metrics,
} from '../../lib/deps.ts';
import { runSellerPayout } from '../payouts/run-payouts.ts';
import { handler as monthlyReportsJob } from '../../jobs/monthly-reports.ts';
import { monthDays, monthLabel } from './monthly-report.ts';
import { addDays } from './reminder-days.ts';
import { aggregatesCaughtUp } from '../../../../scripts/test/aggregates.ts';

/** Issue 12 monthly reporting: last month's figures and order CSV to sellers with the switch on, once per month. */
const standIn = () => process.env.STRIPE_STAND_IN_URL as string;
const settle = () =>
  fetch(`${standIn()}/__test/idle`, { method: 'POST', body: JSON.stringify({ timeout_ms: 15_000 }) });

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
  return ((await response.json()) as { id: string }).id;
}

describe('monthly seller report', () => {
  it('mails last month’s figures with the order CSV to order_email, once per month; sellers without the switch get none', async () => {
    const orderEmail = `report-${randomUUID().slice(0, 8)}@test.example`;
    const seller = await createTestAccount('seller', { monthly_reporting: true, order_email: orderEmail });
    const quiet = await createTestAccount('seller');
    const voucher = testVoucher(`v-${randomUUID()}`, seller.userId, { qty_val: 4900, price_filter: 4500 });
    await putVouchers(voucher);
    const buyer = await createTestAccount('user');
    const added = await api('POST', 'order', { token: buyer.token, body: { voucher_id: voucher.id, qty: 2 } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const paid = await api('POST', 'order/payment', {
      token: buyer.token,
      body: { payment_type: 'card', payment_method: await browserCard() },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await settle();
    const id = added.body.data.id as string;
    for (let i = 0; i < 50 && (await orders().get(id))?.status !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 200));
    const order = (await orders().get(id))!;
    expect(order.status).toBe('completed');

    // The admin ran the payout this month (no payouts enabled: paid manually, not yet paid).
    const run = await runSellerPayout(
      {
        payoutRuns: payoutRuns(),
        payoutAccounts: payoutAccounts(),
        companies: companies(),
        users: users(),
        settings: settings(),
        payments: payments(),
        documents: documents(),
        newId: newId(),
        clock: () => new Date(clock()().getTime() + 10 * 60_000),
        log: log(),
        metrics: metrics(),
      },
      seller.userId,
      'admin',
    );
    expect(run.outcome).toBe('invoiced');
    const payout = (order.seller_net ?? 0) - Math.round((order.commission ?? 0) * 0.2);

    // The run on the 1st of next month (Vienna) reports this month.
    const thisMonth = viennaDay(new Date()).slice(0, 7);
    const nextFirst = addDays(monthDays(thisMonth).to, 1);
    await aggregatesCaughtUp();
    const since = Math.floor(Date.now() / 1000) - 1;
    const first = await monthlyReportsJob({ now: `${nextFirst}T05:00:00Z` });
    const second = await monthlyReportsJob({ now: `${nextFirst}T09:00:00Z` });
    expect(first.month).toBe(thisMonth);
    expect(second.failed).toBe(0);

    const reports = (await sentMails(since)).filter((m) => m.subject.startsWith('Dein Monatsbericht'));
    const mine = reports.filter((m) => m.destination.to.includes(orderEmail));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(`Dein Monatsbericht ${monthLabel(thisMonth)} – Gutscheinmarkt`);
    const text = mine[0]!.body.text ?? '';
    expect(text).toContain('Verkaufte Gutscheine: 2 (1 Bestellungen)');
    expect(text).toContain(`Umsatz: ${formatEuro(order.total_amount - (order.discount ?? 0))}`);
    expect(text).toContain(`Provision: ${formatEuro(order.commission ?? 0)}`);
    expect(text).toContain('Einlösungen: 0');
    expect(text).toContain(
      `Gutschriften: 1 (Auszahlungsbetrag ${formatEuro(payout)}, davon ausgezahlt ${formatEuro(0)})`,
    );
    const csv = mine[0]!.attachments?.[0];
    expect(csv?.filename).toMatch(/\.csv$/);
    expect(Buffer.from(csv!.content, 'base64').toString('utf8')).toContain(order.order_no!);
    expect(reports.some((m) => m.destination.to.includes(quiet.email))).toBe(false);
    expect(reports.some((m) => m.destination.to.includes(seller.email))).toBe(false);
  });
});
