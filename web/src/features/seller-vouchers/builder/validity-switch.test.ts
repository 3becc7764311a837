import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@gm/shared/catalogue/reference-data';
import {
  ALL_MONTHS,
  isLimited,
  openValidity,
  toggleIn,
  toggleValidityLimit,
  type ValidityState,
} from './validity-switch.ts';

const limited: ValidityState = {
  limit_validity: true,
  choices: { valid_day: ['Sa', 'So'], valid_date: [{ start: '2027-06-01', end: '2027-09-30' }], months: [6, 7, 8, 9] },
  stash: null,
};

describe('validity-limit switch', () => {
  it('stores the choices when switched off and shows "always"', () => {
    const off = toggleValidityLimit(limited, false);
    expect(off.limit_validity).toBe(false);
    expect(off.choices).toEqual(openValidity());
    expect(off.stash).toEqual(limited.choices);
  });

  it('restores exactly the stored choices when switched on again', () => {
    const again = toggleValidityLimit(toggleValidityLimit(limited, false), true);
    expect(again).toEqual(limited);
  });

  it('starts from "always" when nothing was stored, and ignores a repeated state', () => {
    const fresh: ValidityState = { limit_validity: false, choices: openValidity(), stash: null };
    expect(toggleValidityLimit(fresh, true).choices).toEqual(openValidity());
    expect(toggleValidityLimit(limited, true)).toBe(limited);
  });

  it('knows when stored choices are narrower than "always"', () => {
    expect(isLimited(openValidity())).toBe(false);
    expect(isLimited({ ...openValidity(), months: [1, 2] })).toBe(true);
    expect(isLimited({ ...openValidity(), valid_day: ['Mo'] })).toBe(true);
    expect(isLimited({ ...openValidity(), valid_date: [{ start: '2027-01-01', end: '2027-01-31' }] })).toBe(true);
  });

  it('toggles chips in reference order', () => {
    expect(toggleIn(['Sa', 'Mo'], 'So', WEEKDAYS)).toEqual(['So', 'Mo', 'Sa']);
    expect(toggleIn([1, 5, 12], 5, ALL_MONTHS)).toEqual([1, 12]);
  });
});
