import type { Voucher } from '@gm/shared/catalogue/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { SELLER_NAME_MAX, cutText } from '../../lib/text.ts';

export const ANY_TIME_LABEL = 'jederzeit zu den Öffnungszeiten';
export const ALL_MONTHS_LABEL = 'ganzjährig';

const WEEK = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
const HOLIDAY = 'Feiertag';
const MONTH_NAMES = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'] as const;

/** Labels of a cyclic sequence, with runs of three or more written as "first–last" (Mo–Fr, Nov–Feb). */
export function compressCyclic(labels: readonly string[], included: (index: number) => boolean): string[] {
  const n = labels.length;
  const on = labels.map((_, i) => included(i));
  if (on.every(Boolean)) return [`${labels[0]}–${labels[n - 1]}`];
  const start = on.findIndex((v, i) => v && !on[(i - 1 + n) % n]);
  if (start < 0) return [];
  const parts: string[] = [];
  let i = 0;
  while (i < n) {
    const idx = (start + i) % n;
    if (!on[idx]) {
      i += 1;
      continue;
    }
    let len = 1;
    while (len < n && on[(idx + len) % n] && i + len < n) len += 1;
    const first = labels[idx] ?? '';
    const last = labels[(idx + len - 1) % n] ?? '';
    if (len >= 3) parts.push(`${first}–${last}`);
    else for (let k = 0; k < len; k += 1) parts.push(labels[(idx + k) % n] ?? '');
    i += len;
  }
  return parts;
}

/** Redeemable days (01 §2 "Voucher card"): all days (or none set) read 'jederzeit zu den Öffnungszeiten'. */
export function redeemableDaysLabel(days: readonly string[]): string {
  const set = new Set(days);
  const allWeek = WEEK.every((d) => set.has(d));
  if (set.size === 0 || (allWeek && set.has(HOLIDAY))) return ANY_TIME_LABEL;
  const parts = compressCyclic(WEEK, (i) => set.has(WEEK[i] ?? ''));
  if (set.has(HOLIDAY)) parts.push(HOLIDAY);
  else if (allWeek) return 'Mo–So, außer Feiertag';
  const unknown = days.filter((d) => d !== HOLIDAY && !(WEEK as readonly string[]).includes(d));
  return [...parts, ...unknown].join(', ');
}

/** Months covered; all twelve (or none set) read 'ganzjährig'. */
export function monthsLabel(months: readonly number[]): string {
  const set = new Set(months.filter((m) => m >= 1 && m <= 12));
  if (set.size === 0 || set.size === 12) return ALL_MONTHS_LABEL;
  return compressCyclic(MONTH_NAMES, (i) => set.has(i + 1)).join(', ');
}

export function voucherTypeLabel(type: Voucher['type']): string {
  switch (type) {
    case 'quantity':
      return 'Produktgutschein';
    case 'value':
      return 'Wertgutschein';
    case 'buyer':
      return 'Geschenkgutschein';
  }
}

/** Price of a quantity voucher, or the range 'val_min – val_max' of a value voucher. */
export function voucherPriceLabel(voucher: Pick<Voucher, 'type' | 'price_filter' | 'val_min' | 'val_max'>): string {
  if (voucher.type === 'value' && voucher.val_min !== null && voucher.val_max !== null) {
    return voucher.val_min === voucher.val_max
      ? formatEuro(voucher.val_min)
      : `${formatEuro(voucher.val_min)} – ${formatEuro(voucher.val_max)}`;
  }
  return formatEuro(voucher.price_filter);
}

export function validityLabel(years: number): string {
  return years === 1 ? '1 Jahr' : `${years} Jahre`;
}

/**
 * The seller name on a card, cut at 18 characters (01 §9) after the last whole word that fits, so the
 * shown words are words of the full name the seller button is named by (WCAG 2.5.3 label in name).
 * A first word longer than that is cut inside.
 */
export function sellerNameOnCard(name: string): string {
  const value = name.trim();
  const chars = Array.from(value);
  if (chars.length <= SELLER_NAME_MAX) return value;
  // One character more: a space right after the limit means the last word fits whole.
  const head = chars.slice(0, SELLER_NAME_MAX + 1).join('');
  const words = head
    .slice(0, Math.max(0, head.lastIndexOf(' ')))
    .replace(/[\s\p{P}]+$/u, '')
    .trim();
  return words ? `${words}…` : cutText(value, SELLER_NAME_MAX);
}
