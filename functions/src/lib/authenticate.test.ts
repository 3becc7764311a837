import { describe, expect, it } from 'vitest';
import { newUserRecord } from '../services/users/new-user.ts';
import { accountVerdict } from './authenticate.ts';

const base = (role: 'admin' | 'seller' | 'user' | 'scanner') =>
  newUserRecord({ id: `x-${role}`, username: role, email: `${role}@test.example`, role }, new Date());

describe('accountVerdict', () => {
  it('lets active accounts and not-yet-activated sellers use their tokens', () => {
    for (const role of ['admin', 'seller', 'user', 'scanner'] as const) expect(accountVerdict(base(role))).toBe('ok');
    expect(accountVerdict({ ...base('seller'), is_activated: false })).toBe('ok');
  });

  it('refuses deleted profiles and deactivated buyers and scanners', () => {
    expect(accountVerdict(undefined)).toBe('gone');
    expect(accountVerdict({ ...base('user'), deleted_at: '2026-11-26T00:00:00Z' } as never)).toBe('gone');
    expect(accountVerdict({ ...base('user'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_activated: false })).toBe('gone');
    expect(accountVerdict({ ...base('scanner'), is_active: false })).toBe('scanner-inactive');
  });
});
