import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fixtures.ts';
import { isMenuLinkActive, menuForRole, showsShopIcons, type MenuEntry, type MenuLink } from './menu.ts';

const categories = [
  { name: 'Wellness', slug: 'wellness' },
  { name: 'Essen und Trinken', slug: '' },
];

function labels(entries: MenuEntry[]): string[] {
  return entries.map((e) => e.label);
}

function group(entries: MenuEntry[], id: string) {
  const found = entries.find((e) => e.kind === 'group' && e.id === id);
  if (!found || found.kind !== 'group') throw new Error(`no group ${id}`);
  return found;
}

describe('menuForRole', () => {
  it('guest: Suchen, Kategorien, Meine Wallet (guest wallet), Anmelden', () => {
    const menu = menuForRole(undefined, { categories });
    expect(labels(menu)).toEqual(['Suchen', 'Kategorien', 'Meine Wallet', 'Anmelden']);
    expect(menu.find((e) => e.label === 'Meine Wallet')).toMatchObject({ to: '/guest-wallet' });
    expect(menu.find((e) => e.label === 'Anmelden')).toMatchObject({ to: '/login' });
  });

  it('category entries link to /vouchers/category/{slug}, deriving missing slugs from the name', () => {
    const items = group(menuForRole(undefined, { categories }), 'categories').items;
    expect(items.map((i) => i.to)).toEqual(['/vouchers/category/wellness', '/vouchers/category/essen-und-trinken']);
  });

  it('buyer: Suche, Kategorien, Meine Wallet, Profil & Einstellungen with Zahlungsmethoden, Ausloggen', () => {
    const menu = menuForRole('user', { categories });
    expect(labels(menu)).toEqual(['Suche', 'Kategorien', 'Meine Wallet', 'Profil & Einstellungen', 'Ausloggen']);
    expect(labels(group(menu, 'profile').items)).toEqual(['Info', 'Einstellungen', 'Zahlungsmethoden', 'Bestellungen']);
    expect(menu.at(-1)).toEqual({ kind: 'logout', label: 'Ausloggen' });
  });

  it('seller: the seller menu, employee codes only for partners that may generate', () => {
    const seller = menuForRole('seller', { categories, user: makeUser('seller') });
    expect(labels(seller)).toEqual([
      'Dashboard',
      'Profil & Einstellungen',
      'Gutschein scannen',
      'Gutschein erstellen',
      'Meine Gutscheine',
      'Direktverkauf',
      'Verwalten',
      'Gutschein Webseite',
      'Ausloggen',
    ]);
    expect(labels(group(seller, 'profile').items)).not.toContain('Zahlungsmethoden');
    const partner = menuForRole('seller', {
      categories,
      user: makeUser('seller', { is_partner: true, can_generate: true }),
    });
    expect(labels(partner)).toContain('Mitarbeiter-Codes');
    // German labels only (issue 10): none of the original's English ones.
    for (const english of ['Direct sale', 'Voucher website', 'Employee codes'])
      expect(labels(partner)).not.toContain(english);
  });

  it('scanner: Home, Direktverkauf, Ausloggen', () => {
    expect(labels(menuForRole('scanner', { categories }))).toEqual(['Home', 'Direktverkauf', 'Ausloggen']);
  });

  it('admin: Home, Verwalten dropdown, Einstellungen, Ausloggen', () => {
    const menu = menuForRole('admin', { categories });
    expect(labels(menu)).toEqual(['Home', 'Verwalten', 'Einstellungen', 'Ausloggen']);
    expect(group(menu, 'manage').items.map((i) => i.to)).toEqual([
      '/users',
      '/manage-orders',
      '/payout',
      '/category',
      '/sub-category',
      '/template',
      '/featured-vouchers',
      '/subdomain',
      '/audit',
    ]);
  });
});

describe('showsShopIcons', () => {
  it('shows wishlist and cart to guests and buyers only, never to tourism accounts', () => {
    expect(showsShopIcons(undefined)).toBe(true);
    expect(showsShopIcons('user', makeUser('user'))).toBe(true);
    expect(showsShopIcons('user', makeUser('user', { is_employee: true }))).toBe(false);
    // A tourism account's flag is not an employee's (issue 13).
    expect(showsShopIcons('user', makeUser('user', { is_tourism: true }))).toBe(true);
    expect(showsShopIcons('seller')).toBe(false);
    expect(showsShopIcons('admin')).toBe(false);
    expect(showsShopIcons('scanner')).toBe(false);
  });
});

describe('isMenuLinkActive', () => {
  const buyerLink = (label: string): MenuLink => {
    const found = menuForRole('user', { categories }).find((e) => e.kind === 'link' && e.label === label);
    if (!found || found.kind !== 'link') throw new Error(`no link ${label}`);
    return found;
  };

  it("highlights the buyer's 'Meine Wallet' on /wallet and on the wallet's sub-pages, not elsewhere", () => {
    const wallet = buyerLink('Meine Wallet');
    for (const path of [
      '/wallet',
      '/wallet/',
      '/wallet/vouchers',
      '/voucher/abc',
      '/vouchers/personalized/abc',
      '/vouchers/transfer/abc',
      '/buyer/voucher/abc',
    ]) {
      expect(isMenuLinkActive(wallet, path), path).toBe(true);
    }
    for (const path of ['/home', '/wallets', '/vouchers/abc', '/search', '/orders']) {
      expect(isMenuLinkActive(wallet, path), path).toBe(false);
    }
  });

  it('matches other links exactly', () => {
    const search = buyerLink('Suche');
    expect(isMenuLinkActive(search, search.to)).toBe(true);
    expect(isMenuLinkActive(search, `${search.to}/x`)).toBe(false);
  });
});

describe('menuForRole: tourism accounts (issue 13)', () => {
  it('Dashboard, Profil, Mitarbeiter-Gutscheine, Partner, Mitarbeiter-Codes', () => {
    const menu = menuForRole('seller', { categories, user: makeUser('seller', { is_tourism: true }) });
    expect(labels(menu)).toEqual([
      'Dashboard',
      'Profil',
      'Mitarbeiter-Gutscheine',
      'Partner',
      'Mitarbeiter-Codes',
      'Ausloggen',
    ]);
    expect(menu.find((e) => e.label === 'Partner')).toMatchObject({ to: '/tourism/sellers' });
    expect(menu.find((e) => e.label === 'Mitarbeiter-Codes')).toMatchObject({ to: '/tourism/employee-codes' });
  });
});
