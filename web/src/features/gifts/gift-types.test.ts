import { describe, expect, it } from 'vitest';
import { isGiftTypeDisabled, toggleGiftType } from './gift-rules.ts';

describe('gift types (01 §4): wallet excludes e-mail and PDF, and vice versa', () => {
  it('wallet disables e-mail and PDF', () => {
    const chosen = toggleGiftType([], 'wallet', true);
    expect(chosen).toEqual(['wallet']);
    expect(isGiftTypeDisabled(chosen, 'email')).toBe(true);
    expect(isGiftTypeDisabled(chosen, 'pdf')).toBe(true);
    expect(isGiftTypeDisabled(chosen, 'wallet')).toBe(false);
  });

  it('e-mail and PDF combine and disable wallet', () => {
    const chosen = toggleGiftType(toggleGiftType([], 'email', true), 'pdf', true);
    expect(chosen).toEqual(['email', 'pdf']);
    expect(isGiftTypeDisabled(chosen, 'wallet')).toBe(true);
    expect(toggleGiftType(chosen, 'email', false)).toEqual(['pdf']);
    expect(isGiftTypeDisabled([], 'wallet')).toBe(false);
  });
});
