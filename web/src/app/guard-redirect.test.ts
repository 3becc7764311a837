import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard-redirect.ts';

describe('guardRedirect', () => {
  it('sends unauthenticated visitors of protected pages to /login', () => {
    expect(guardRedirect('authenticated', undefined)).toBe('/login');
    expect(guardRedirect('user-only', undefined)).toBe('/login');
    expect(guardRedirect('scanner-or-seller', undefined)).toBe('/login');
  });

  it('sends a wrong role to /error/not-allowed', () => {
    expect(guardRedirect('admin-only', 'seller')).toBe('/error/not-allowed');
    expect(guardRedirect('user-or-guest', 'seller')).toBe('/error/not-allowed');
    expect(guardRedirect('scanner-or-seller', 'user')).toBe('/error/not-allowed');
  });

  it('redirects logged-in users away from guest-only pages', () => {
    // A signed-in user lands where a login would take them: buyers on /wallet (01 §4).
    expect(guardRedirect('guest-only', 'user')).toBe('/wallet');
    expect(guardRedirect('guest-only', 'admin')).toBe('/home');
    expect(guardRedirect('guest-only', undefined)).toBeNull();
  });

  it('lets allowed roles through', () => {
    expect(guardRedirect('any', undefined)).toBeNull();
    expect(guardRedirect('user-or-guest', undefined)).toBeNull();
    expect(guardRedirect('user-or-seller', 'seller')).toBeNull();
    expect(guardRedirect('seller-only', 'seller')).toBeNull();
  });
});
