import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../repositories/user-repository.ts';
import { accountVerdict } from './authenticate.ts';

/** Only the fields the verdict reads; the rest of a profile does not matter here. */
const base = (role: 'admin' | 'seller' | 'user' | 'scanner') =>
  ({ id: `x-${role}`, username: role, email: `${role}@test.example`, role, is_activated: true }) as UserRecord;

describe('accountVerdict', () => {
  it('lets active accounts and not-yet-activated sellers use their tokens', () => {
    for (const role of ['admin', 'seller', 'user', 'scanner'] as const) expect(accountVerdict(base(role))).toBe('ok');
    expect(accountVerdict({ ...base('seller'), is_activated: false })).toBe('ok');
  });

  it('refuses deleted profiles and deactivated buyers and scanners', () => {
    expect(accountVerdict(undefined)).toBe('gone');
    expect(accountVerdict({ ...base('user'), deleted_at: '2026-11-26T00:00:00Z' })).toBe('gone');
    expect(accountVerdict({ ...base('user'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_active: false })).toBe('scanner-inactive');
  });
});
