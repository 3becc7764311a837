import * as z from 'zod/mini';
import { userSchema } from '../auth/contracts.ts';
import { pagedSchema } from '../api/paged.ts';
import { booleanish, intParam } from '../validation/fields.ts';

/**
 * Admin user management (03 §2 /users, §4, §7; issue 11): the admin variant of `GET user/user-filter`,
 * the four flag switches and the `origin` column.
 */

/**
 * Where an account came from, written once at its creation (`origin` on the profile). Social sign-ins
 * store the provider's name lower-cased (`google`, `facebook`, …), so the type stays open.
 */
export const ORIGIN = {
  register: 'register',
  sellerRegistration: 'seller_registration',
  partnerRegistration: 'partner_registration',
  /** Made by an admin (seed accounts, admin-made accounts). */
  admin: 'admin',
  /** A scanner user made by its seller. */
  seller: 'seller',
} as const;
export type Origin = (typeof ORIGIN)[keyof typeof ORIGIN] | (string & {});

/** The column text of each origin (a social provider shows its name). */
export function originLabel(origin: string | null | undefined): string {
  switch (origin) {
    case ORIGIN.register:
      return 'Registrierung';
    case ORIGIN.sellerRegistration:
      return 'Verkäufer-Registrierung';
    case ORIGIN.partnerRegistration:
      return 'Partner-Registrierung';
    case ORIGIN.admin:
      return 'Admin';
    case ORIGIN.seller:
      return 'Verkäufer (Scanner)';
    case null:
    case undefined:
    case '':
      return '–';
    default:
      return origin.charAt(0).toUpperCase() + origin.slice(1);
  }
}

export const ADMIN_USERS_PER_PAGE = 10;

/** The roles the admin list can show (the screen uses the tabs user and seller). */
export const adminListRoleSchema = z.enum(['user', 'seller', 'scanner', 'admin'], {
  error: 'Diese Rolle gibt es nicht.',
});

/** GET user/user-filter as an admin (03 §7): role, keyword (empty lists all), subdomain filters, 10 per page. */
export const adminUserFilterQuerySchema = z.object({
  keyword: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  role: z._default(z.optional(adminListRoleSchema), 'user'),
  page: z._default(intParam(1, 100000), 1),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  /** Sellers without a subdomain (the /subdomain screen's picker). */
  subdomain_empty: z._default(z.optional(booleanish()), false),
  /**
   * Sellers with a subdomain: `1`/`true` any, another text those whose subdomain starts with it
   * (lower-cased); empty, `0` or `false` no filter.
   */
  subdomain: z.pipe(
    z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(63))),
    z.transform((v): true | string | false =>
      !v || v === '0' || v === 'false' ? false : v === '1' || v === 'true' ? true : v,
    ),
  ),
});
export type AdminUserFilterQuery = z.input<typeof adminUserFilterQuerySchema>;

/** The admin list answer: the API user per row (origin and the flags included). */
export const adminUserListSchema = pagedSchema(userSchema);
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** The answer of every admin switch on a user (`PUT user/user-…/{id}`): the message and the user as it is now. */
export const userFlagAnswerSchema = z.object({ message: z.string(), user: userSchema });
export type UserFlagAnswer = z.infer<typeof userFlagAnswerSchema>;

/** The switches of /users: path segment → profile field. */
export const USER_FLAGS = {
  'user-gift-status': 'gift_locked',
  'user-auth-status': 'is_custom_auth',
  'user-custom-order-confirmation': 'is_custom_confirmation',
  'user-monthly-reporting-status': 'monthly_reporting',
  /** Issue 13: makes a seller a tourism account (03 §1: is_tourism). */
  'user-tourism-status': 'is_tourism',
} as const;
export type UserFlagPath = keyof typeof USER_FLAGS;
export type UserFlagField = (typeof USER_FLAGS)[UserFlagPath];

export const ADMIN_USERS_TEXT = {
  selfRefused: 'Diese Aktion ist auf dein eigenes Konto nicht möglich.',
  notFound: 'Benutzer nicht gefunden.',
  sellersOnly: 'Diese Einstellung gibt es nur für Verkäufer.',
  giftSellersOnly: 'Die Geschenkfunktion kann nur für Verkäufer und Scanner gesperrt werden.',
  changedMeanwhile: 'Der Benutzer wurde inzwischen geändert. Bitte lade die Liste neu.',
  flagMessages: {
    gift_locked: { on: 'Die Geschenkfunktion wurde gesperrt.', off: 'Die Geschenkfunktion wurde entsperrt.' },
    is_custom_auth: {
      on: 'Die benutzerdefinierte Anmeldung wurde aktiviert.',
      off: 'Die normale Anmeldung wurde aktiviert.',
    },
    is_custom_confirmation: {
      on: 'Die eigene Bestellbestätigungs-Mail wurde aktiviert.',
      off: 'Die eigene Bestellbestätigungs-Mail wurde deaktiviert.',
    },
    monthly_reporting: {
      on: 'Das monatliche Reporting wurde aktiviert.',
      off: 'Das monatliche Reporting wurde deaktiviert.',
    },
    is_tourism: {
      on: 'Das Konto ist jetzt ein Tourismus-Konto.',
      off: 'Das Konto ist kein Tourismus-Konto mehr.',
    },
  } satisfies Record<UserFlagField, { on: string; off: string }>,
  userSaved: 'Der Benutzer wurde gespeichert.',
} as const;
