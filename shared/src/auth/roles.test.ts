import { describe, expect, it } from 'vitest';
import { checkGuard, isAllowed, roleFromGroups, roleNameOf, ROLE_IDS } from './roles.ts';

describe('roles', () => {
  it('numbers roles as the spec does', () => {
    expect(ROLE_IDS).toEqual({ admin: 1, seller: 2, user: 3, scanner: 4 });
    expect(roleNameOf(4)).toBe('scanner');
    expect(roleNameOf(9)).toBeUndefined();
  });

  it('maps Cognito groups to a role', () => {
    expect(roleFromGroups(['user'])).toBe('user');
    expect(roleFromGroups(['scanner', 'admin'])).toBe('admin');
    expect(roleFromGroups(['other'])).toBeUndefined();
    expect(roleFromGroups(undefined)).toBeUndefined();
  });

  it('authorises routes: 401 without login, 403 for the wrong role', () => {
    expect(isAllowed('public', undefined)).toBe('ok');
    expect(isAllowed(['seller'], undefined)).toBe('unauthenticated');
    expect(isAllowed(['seller'], 'user')).toBe('forbidden');
    expect(isAllowed(['seller', 'scanner'], 'scanner')).toBe('ok');
  });

  it('implements the web guard classes', () => {
    expect(checkGuard('guest-only', 'user')).toBe('home');
    expect(checkGuard('guest-only', undefined)).toBe('ok');
    expect(checkGuard('authenticated', undefined)).toBe('login');
    expect(checkGuard('user-or-guest', undefined)).toBe('ok');
    expect(checkGuard('user-or-guest', 'seller')).toBe('not-allowed');
    expect(checkGuard('admin-only', 'seller')).toBe('not-allowed');
    expect(checkGuard('scanner-or-seller', 'scanner')).toBe('ok');
    expect(checkGuard('user-or-seller', 'admin')).toBe('not-allowed');
    expect(checkGuard('seller-only', undefined)).toBe('login');
    expect(checkGuard('seller-or-admin', 'admin')).toBe('ok');
    expect(checkGuard('seller-or-admin', 'user')).toBe('not-allowed');
  });
});
