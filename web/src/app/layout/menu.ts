import type { ApiUser } from '@gm/shared/auth/contracts';
import type { RoleName } from '@gm/shared/auth/roles';
import { categorySlug } from '@gm/shared/catalogue/reference-data';
import { paths } from '../../config/paths.ts';

/** `activeUnder`: path prefixes of sub-pages that also highlight the link (e.g. the wallet's voucher pages). */
export type MenuLink = { kind: 'link'; label: string; to: string; activeUnder?: string[] };
export type MenuGroup = { kind: 'group'; id: string; label: string; items: MenuLink[] };
export type MenuLogout = { kind: 'logout'; label: string };
export type MenuEntry = MenuLink | MenuGroup | MenuLogout;

type MenuContext = {
  categories: ReadonlyArray<{ name: string; slug?: string | null }>;
  user?: Pick<ApiUser, 'is_partner' | 'can_generate' | 'is_tourism'> | null;
  /** Where 'Anmelden' leads: /auth on custom-auth tenants (01 §2 "Shared frame"), else /login. */
  loginPath?: string;
};

const link = (label: string, to: string, activeUnder?: string[]): MenuLink =>
  activeUnder ? { kind: 'link', label, to, activeUnder } : { kind: 'link', label, to };

/** The buyer wallet's sub-pages: the buyer-designed list, a voucher's detail, personalise, share/send and the designer. */
const WALLET_SUB_PAGES = [
  '/wallet/',
  '/voucher/',
  '/vouchers/personalized/',
  '/vouchers/transfer/',
  '/vouchers/send/',
  '/vouchers/send-email/',
  '/buyer/',
];

/** Whether a top-level menu link is the current page: its own path exactly, or one of its sub-pages. */
export function isMenuLinkActive(entry: MenuLink, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === entry.to || (entry.activeUnder ?? []).some((prefix) => path.startsWith(prefix));
}
const LOGOUT: MenuLogout = { kind: 'logout', label: 'Ausloggen' };

function categoriesGroup(categories: MenuContext['categories']): MenuGroup {
  return {
    kind: 'group',
    id: 'categories',
    label: 'Kategorien',
    items: categories.map((c) => link(c.name, paths.category(c.slug || categorySlug(c.name)))),
  };
}

/**
 * The header menu by role (01 §2 "Menus by role id", 02 §2, 03 §2). The spec quotes the original's
 * mixed labels; the English ones are German here ('Direct sale' → 'Direktverkauf', 'Voucher website'
 * → 'Gutschein Webseite' as the page calls itself, 'Employee codes' → 'Mitarbeiter-Codes', 'Global
 * Settings' → 'Einstellungen').
 */
export function menuForRole(role: RoleName | undefined, context: MenuContext): MenuEntry[] {
  switch (role) {
    case undefined:
      return [
        link('Suchen', paths.searchPage),
        categoriesGroup(context.categories),
        link('Meine Wallet', paths.guestWallet),
        link('Anmelden', context.loginPath ?? paths.login),
      ];
    case 'user':
      return [
        link('Suche', paths.searchPage),
        categoriesGroup(context.categories),
        link('Meine Wallet', paths.wallet, WALLET_SUB_PAGES),
        {
          kind: 'group',
          id: 'profile',
          label: 'Profil & Einstellungen',
          items: [
            link('Info', '/profile-info'),
            link('Einstellungen', '/profile-settings'),
            link('Zahlungsmethoden', '/profile-payment'),
            link('Bestellungen', paths.orders),
          ],
        },
        LOGOUT,
      ];
    case 'seller': {
      // Tourism accounts (03 §1: Dashboard, Profile, Employee vouchers, Partners, Employee codes).
      if (context.user?.is_tourism)
        return [
          link('Dashboard', paths.home),
          {
            kind: 'group',
            id: 'profile',
            label: 'Profil',
            items: [link('Info', '/profile-info'), link('Einstellungen', '/profile-settings')],
          },
          link('Mitarbeiter-Gutscheine', '/tourism/employee-vouchers'),
          link('Partner', '/tourism/sellers'),
          link('Mitarbeiter-Codes', '/tourism/employee-codes'),
          LOGOUT,
        ];
      const entries: MenuEntry[] = [
        link('Dashboard', paths.home),
        {
          kind: 'group',
          id: 'profile',
          label: 'Profil & Einstellungen',
          items: [link('Info', '/profile-info'), link('Einstellungen', '/profile-settings')],
        },
        link('Gutschein scannen', '/scanner'),
        link('Gutschein erstellen', '/vouchers/new'),
        link('Meine Gutscheine', '/vouchers'),
        link('Direktverkauf', '/vouchers-gift'),
        link('Verwalten', '/orders-earnings'),
        link('Gutschein Webseite', '/website-configuration'),
      ];
      if (context.user?.is_partner && context.user.can_generate)
        entries.push(link('Mitarbeiter-Codes', '/employee-codes'));
      entries.push(LOGOUT);
      return entries;
    }
    case 'scanner':
      return [link('Home', paths.home), link('Direktverkauf', '/vouchers-gift'), LOGOUT];
    case 'admin':
      return [
        link('Home', paths.home),
        {
          kind: 'group',
          id: 'manage',
          label: 'Verwalten',
          items: [
            link('Benutzer', '/users'),
            link('Bestellungen', '/manage-orders'),
            link('Auszahlung', '/payout'),
            link('Kategorien', '/category'),
            link('Unterkategorien', '/sub-category'),
            link('Vorlagen', '/template'),
            link('Gesponserte Gutscheine', '/featured-vouchers'),
            link('Subdomain', '/subdomain'),
            link('Protokoll', paths.adminAudit),
          ],
        },
        link('Einstellungen', '/settings'),
        LOGOUT,
      ];
  }
}

/** Guests and buyers shop; the other roles see no wishlist or cart (tourism employees neither, 03 §9). */
export function showsShopIcons(role: RoleName | undefined, user?: Pick<ApiUser, 'is_employee'> | null): boolean {
  if (user?.is_employee) return false;
  return role === undefined || role === 'user';
}
