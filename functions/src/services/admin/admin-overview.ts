import type { AdminOverview } from '@gm/shared/admin/platform';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import type { Deps } from '../deps.ts';

/**
 * GET admin/overview: the admin home's counts that need no full scan (issue 11): order lines sold
 * today (`PLATFORM#STATS` / `DAY#<Vienna today>`) and sellers waiting for activation (a COUNT Query
 * on GSI1 `ROLE#seller`, bounded by the sellers).
 */
export async function adminOverview(deps: Pick<Deps, 'platformAdmin' | 'clock'>): Promise<AdminOverview> {
  const day = viennaDay(deps.clock());
  const [ordersToday, awaiting] = await Promise.all([
    deps.platformAdmin.soldOnDay(day),
    deps.platformAdmin.countSellersAwaitingActivation(),
  ]);
  return { day, orders_today: ordersToday, sellers_awaiting_activation: awaiting };
}
