import type { SellerStatistics } from '@gm/shared/seller/dashboard';

type PayoutPayload = SellerStatistics['payout'];

/**
 * 'Nächste Auszahlung' (02 §2): the days until the seller is due. The payout run pays a due seller on
 * its next daily run, so 0 days reads 'heute'.
 */
export function nextPayoutText(days: number): string {
  if (days <= 0) return 'heute';
  return days === 1 ? 'in 1 Tag' : `in ${days} Tagen`;
}

/** The schedule (03 §9 "Payout schedule is a number of days"). */
export function payoutEveryText(every: number): string {
  return every === 1 ? 'jeden Tag' : `alle ${every} Tage`;
}

/**
 * 'Ausgezahlt gesamt': what has reached the seller. The ledger's dashboard view answers the total as
 * paid + waiting (shared/src/payouts/ledger.ts `dashboardPayout`), so the difference is exactly the
 * paid part — the same numbers the dashboard shows.
 */
export function paidOutOf(payout: PayoutPayload): number {
  return Math.max(0, payout.total_seller_earnings - payout.waiting_for_payout);
}
