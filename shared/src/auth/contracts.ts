import * as z from 'zod/mini';
import { MSG } from '../validation/messages.ts';
import {
  booleanish,
  emailField,
  mustAccept,
  optionalString,
  passwordField,
  requiredString,
} from '../validation/fields.ts';
import { REGION_IDS } from '../catalogue/reference-data.ts';
import { ROLE_IDS, type RoleName } from './roles.ts';

export const USERNAME_MAX = 50;

/** POST auth/login (01 §7). */
export const loginRequestSchema = z.object({
  email: emailField(),
  password: requiredString(),
  isTourism: z.optional(booleanish()),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** One of the four regions (01 §3); form data sends it as text. */
export const regionIdField = z.coerce.number({ error: MSG.required }).check(
  z.int({ error: MSG.required }),
  z.refine((id) => (REGION_IDS as readonly number[]).includes(id), { error: MSG.required }),
);

/** Buyer registration form (01 §3, §5). Seller registration extends it in the catalogue issue. */
export const registerBuyerRequestSchema = z
  .object({
    role_id: z._default(z.pipe(z.coerce.number(), z.literal(ROLE_IDS.user, { error: MSG.required })), ROLE_IDS.user),
    username: requiredString(USERNAME_MAX),
    firstName: requiredString(100),
    lastName: requiredString(100),
    email: emailField(),
    password: passwordField(),
    confirmPassword: z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required })),
    region_id: z.nullable(z.optional(regionIdField)),
    address: optionalString(200),
    city: optionalString(100),
    zip_code: optionalString(20),
    phone_number: optionalString(40),
    dataPrivacy: mustAccept(),
    terms: mustAccept(),
    subdomain: optionalString(63),
    code: optionalString(64),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      path: ['confirmPassword'],
      error: MSG.passwordMismatch,
    }),
  );
export type RegisterBuyerRequest = z.input<typeof registerBuyerRequestSchema>;
export type RegisterBuyerInput = z.output<typeof registerBuyerRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField() });

export const resetPasswordRequestSchema = z
  .object({
    email: emailField(),
    new_password: passwordField(),
    confirm_password: z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required })),
    password_token: requiredString(200),
  })
  .check(
    z.refine((form) => form.new_password === form.confirm_password, {
      path: ['confirm_password'],
      error: MSG.passwordMismatch,
    }),
  );

/** POST auth/unique: is `field` of `model` free, not counting record `id` (01 §5). */
export const uniqueRequestSchema = z.object({
  field: z.enum(['email', 'username'], { error: MSG.required }),
  model: z.optional(z.string()),
  entity: z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(200)),
  id: z.nullable(z.optional(z.union([z.string(), z.number()]))),
});

export const roleSchema = z.object({
  id: z.number().check(z.int()),
  name: z.enum(['admin', 'seller', 'user', 'scanner']),
});

export const userDetailSchema = z.object({
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  fullname: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip_code: z.nullable(z.string()),
  phone_number: z.nullable(z.string()),
});

export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.nullable(z.string()),
  region: z.nullable(z.string()),
  region_id: z.nullable(z.number().check(z.int())),
  url: z.nullable(z.string()),
  description: z.nullable(z.string()),
  header_logo: z.nullable(z.string()),
  background_color: z.nullable(z.string()),
  text_color: z.nullable(z.string()),
});

/** The user as the API answers it (01 §3 "User"); never carries secrets. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role_id: z.number().check(z.int()),
  user_role: z.object({ role: roleSchema }),
  region_id: z.nullable(z.number().check(z.int())),
  detail: userDetailSchema,
  isActivated: z.boolean(),
  is_tourism: z.boolean(),
  is_partner: z.boolean(),
  /** Tourism employees (issue 13): they see neither cart nor wish list (03 §9). Default: sessions stored before it stay valid. */
  is_employee: z._default(z.boolean(), false),
  can_generate: z.boolean(),
  gift_locked: z.boolean(),
  is_custom_auth: z.boolean(),
  /** The seller's own order-confirmation mail (03 §2, §4; the mail itself comes with the finance issue). */
  is_custom_confirmation: z.boolean(),
  /** Issue 13: a partner's tourism account (null: not attached). */
  tourism_id: z.optional(z.nullable(z.string())),
  employee_uuid: z.optional(z.nullable(z.string())),
  /** The seller's monthly report mail (03 §2, §4; the mail itself comes with the finance issue). */
  monthly_reporting: z.boolean(),
  /** Where the account came from (`register`, `seller_registration`, `partner_registration`, a social provider, `admin`, `seller`); null if unknown. */
  origin: z.nullable(z.string()),
  order_email: z.nullable(z.string()),
  subdomain: z.nullable(z.string()),
  seller_id: z.nullable(z.string()),
  company: z.nullable(companySummarySchema),
  created_at: z.string(),
});
export type ApiUser = z.infer<typeof userSchema>;

/** The login answer also carries the buyer's wishlist as voucher ids (01 §3 "Login response also carries user_voucher_wishlist"). */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  message: z.optional(z.string()),
  user_voucher_wishlist: z.optional(z.array(z.string())),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * POST auth/session (issue 14): after a social sign-in the web hands over the hosted UI's refresh
 * token, so that session lasts a working day like a password login's (the answer sets the cookie).
 */
export const socialSessionRequestSchema = z.object({ refresh_token: requiredString(8192) });

/** POST auth/refresh (issue 14): a new ID token for the session cookie. */
export const refreshResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });

export function roleOfUser(user: Pick<ApiUser, 'user_role'>): RoleName {
  return user.user_role.role.name;
}

export const AUTH_TEXT = {
  registered: 'Registrierung erfolgreich.',
  loggedOut: 'Erfolgreich abgemeldet.',
  /** POST auth/refresh without a live session (issue 14); the web then shows the login. */
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
  /** POST auth/session with a refresh token that is not the caller's (issue 14). */
  sessionNotYours: 'Diese Anmeldung gehört nicht zu deinem Konto.',
  sessionStarted: 'Angemeldet.',
  resetMailSent: 'Wenn ein Konto mit dieser Emailadresse existiert, haben wir dir einen Link geschickt.',
  passwordReset: 'Dein Passwort wurde geändert.',
  fieldFree: 'Verfügbar.',
  tooManyRegistrations: 'Zu viele Registrierungen von dieser Verbindung. Bitte versuche es in einer Stunde erneut.',
  tooManyLogins: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten und versuche es dann erneut.',
  tooManyUniqueChecks: 'Zu viele Anfragen von dieser Verbindung. Bitte versuche es in ein paar Minuten erneut.',
} as const;
