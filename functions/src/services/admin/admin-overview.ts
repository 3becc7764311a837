import type { AdminOverview } from '@gm/shared/admin/platform';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import type { Deps } from '../deps.ts';

/**
 * GET admin/overview: the admin home's counts that need no full scan (issue 11): order lines sold
 * today (`PLATFORM#STATS` / `DAY#<Vienna today>`) and sellers waiting for activation (a COUNT Query
 * on GSI1 `ROLE#seller`, bounded by the sellers) and, since issue 12, the open payouts (the sellers'
 * payout states, and only for a seller with an unpaid balance that seller's open invoices).
 */
export async function adminOverview(
  deps: Pick<Deps, 'platformAdmin' | 'sellerInvoices' | 'clock'>,
): Promise<AdminOverview> {
  const day = viennaDay(deps.clock());
  const [ordersToday, awaiting, open] = await Promise.all([
    deps.platformAdmin.soldOnDay(day),
    deps.platformAdmin.countSellersAwaitingActivation(),
    deps.sellerInvoices.openPayouts(),
  ]);
  return {
    day,
    orders_today: ordersToday,
    sellers_awaiting_activation: awaiting,
    open_payouts: open.count,
    open_payout_amount: open.amount,
  };
}
