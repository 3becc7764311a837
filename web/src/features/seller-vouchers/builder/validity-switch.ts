import { WEEKDAYS } from '@gm/shared/catalogue/reference-data';

export type Weekday = (typeof WEEKDAYS)[number];
export type DateRange = { start: string; end: string };
export type ValidityChoices = { valid_day: Weekday[]; valid_date: DateRange[]; months: number[] };
/** The switch plus what it hides: while it is off, the seller's last choices wait in `stash`. */
export type ValidityState = { limit_validity: boolean; choices: ValidityChoices; stash: ValidityChoices | null };

export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** No limit: every weekday and holiday, every month, no date ranges. */
export function openValidity(): ValidityChoices {
  return { valid_day: [...WEEKDAYS], valid_date: [], months: [...ALL_MONTHS] };
}

/** A stored voucher is limited when any of its choices is narrower than "always". */
export function isLimited(choices: ValidityChoices): boolean {
  const days = new Set(choices.valid_day);
  const months = new Set(choices.months);
  return choices.valid_date.length > 0 || WEEKDAYS.some((d) => !days.has(d)) || ALL_MONTHS.some((m) => !months.has(m));
}

/**
 * The validity-limit switch (02 §2): turning it off stores the weekday, date and month choices and shows
 * "always"; turning it on again restores them (or starts from "always" when nothing was stored).
 */
export function toggleValidityLimit(state: ValidityState, on: boolean): ValidityState {
  if (on === state.limit_validity) return state;
  if (!on) return { limit_validity: false, choices: openValidity(), stash: state.choices };
  return { limit_validity: true, choices: state.stash ?? openValidity(), stash: null };
}

/** Adds or removes one entry, keeping the reference order (weekdays So–Sa, Feiertag; months 1–12). */
export function toggleIn<T>(list: readonly T[], item: T, order: readonly T[]): T[] {
  const set = new Set(list);
  if (set.has(item)) set.delete(item);
  else set.add(item);
  return order.filter((x) => set.has(x));
}
