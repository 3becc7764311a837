import type { Cents } from '../money/money.ts';

/**
 * The outstanding-voucher report (Gutscheinverbindlichkeiten) at a chosen day: per bought voucher
 * (user voucher) the face value sold, and at the end of that day what of it was redeemed, reversed,
 * expired or is still outstanding. Per voucher sold = redeemed + reversed + expired + outstanding,
 * so the report equals the ledger Σ sold − Σ redeemed − Σ reversed − Σ expired.
 *
 * - Sold: issued (`created_at`) by the end of the day; face value = today's `remaining_value` plus
 *   every redemption not revoked today (the balance only moves by redemptions and revocations).
 * - Redeemed: redemptions made by the end of the day and not revoked by then.
 * - Reversed: what was left when the order was reversed (`reversed_at` by the end of the day).
 * - Expired: what was left when the validity ended (`valid_until` is the last valid day), unless it
 *   was reversed before. A voucher redeemed after its expiry (staff confirmed) only lowers what later
 *   days report as expired.
 */
export type OutstandingVoucherInput = {
  id: string;
  seller_id: string;
  created_at: string;
  /** Last valid day (YYYY-MM-DD, Vienna). */
  valid_until: string | null;
  remaining_value: Cents;
  /** Set once the order was reversed. */
  reversed_at: string | null;
};

export type OutstandingRedemptionInput = {
  user_voucher_id: string;
  redeemed_value: Cents;
  created_at: string;
  is_revoked: boolean;
  revoked_at: string | null;
};

export type OutstandingFigures = {
  vouchers: number;
  sold: Cents;
  redeemed: Cents;
  reversed: Cents;
  expired: Cents;
  outstanding: Cents;
  /** Vouchers with an outstanding value > 0. */
  open_vouchers: number;
};

export const EMPTY_OUTSTANDING: OutstandingFigures = {
  vouchers: 0,
  sold: 0,
  redeemed: 0,
  reversed: 0,
  expired: 0,
  outstanding: 0,
  open_vouchers: 0,
};

/**
 * The figures at `end` (the last instant of the chosen day, ISO) with `expiredFrom(valid_until)`
 * the first instant after the last valid day (ISO).
 */
export function outstandingFigures(
  vouchers: readonly OutstandingVoucherInput[],
  redemptions: readonly OutstandingRedemptionInput[],
  end: string,
  expiredFrom: (validUntil: string) => string,
): OutstandingFigures {
  const byVoucher = new Map<string, OutstandingRedemptionInput[]>();
  for (const r of redemptions) {
    const list = byVoucher.get(r.user_voucher_id) ?? [];
    list.push(r);
    byVoucher.set(r.user_voucher_id, list);
  }
  const out: OutstandingFigures = { ...EMPTY_OUTSTANDING };
  for (const v of vouchers) {
    if (v.created_at > end) continue;
    const own = byVoucher.get(v.id) ?? [];
    const face = v.remaining_value + own.reduce((sum, r) => sum + (r.is_revoked ? 0 : r.redeemed_value), 0);
    const redeemed = own.reduce(
      (sum, r) =>
        r.created_at <= end && (!r.is_revoked || (r.revoked_at !== null && r.revoked_at > end))
          ? sum + r.redeemed_value
          : sum,
      0,
    );
    const left = face - redeemed;
    const expiry = v.valid_until ? expiredFrom(v.valid_until) : null;
    const reversedBy = v.reversed_at !== null && v.reversed_at <= end && (expiry === null || v.reversed_at < expiry);
    const expiredBy = !reversedBy && expiry !== null && expiry <= end;
    out.vouchers += 1;
    out.sold += face;
    out.redeemed += redeemed;
    if (reversedBy) out.reversed += left;
    else if (expiredBy) out.expired += left;
    else {
      out.outstanding += left;
      if (left > 0) out.open_vouchers += 1;
    }
  }
  return out;
}

export function addOutstanding(a: OutstandingFigures, b: OutstandingFigures): OutstandingFigures {
  return {
    vouchers: a.vouchers + b.vouchers,
    sold: a.sold + b.sold,
    redeemed: a.redeemed + b.redeemed,
    reversed: a.reversed + b.reversed,
    expired: a.expired + b.expired,
    outstanding: a.outstanding + b.outstanding,
    open_vouchers: a.open_vouchers + b.open_vouchers,
  };
}

export const OUTSTANDING_CSV_HEADER = [
  'Verkäufer',
  'Verkäufer-ID',
  'Stichtag',
  'Gutscheine',
  'Verkauft (Nennwert)',
  'Eingelöst',
  'Storniert',
  'Verfallen',
  'Offen (Gutscheinverbindlichkeit)',
  'Offene Gutscheine',
] as const;
export const OUTSTANDING_TOTAL_LABEL = 'Summe Plattform';
