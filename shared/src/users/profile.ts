import * as z from 'zod/mini';
import { preprocess } from '../validation/fields.ts';
import { companySummarySchema, regionIdField, userSchema } from '../auth/contracts.ts';
import type { RoleName } from '../auth/roles.ts';
import {
  bicField,
  birthDateField,
  COMPANY_DESCRIPTION_MAX,
  COMPANY_NAME_MAX,
  ibanField,
  phoneField,
  urlField,
} from '../auth/seller-registration.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { emailField, optionalString, passwordField, requiredString } from '../validation/fields.ts';
import { MSG, TEXT } from '../validation/messages.ts';

/**
 * Profile screens (01 §2 "Profile (buyer)", 02 §2 "Profile screens"): `GET user/{id}` answers the
 * profile, `POST user/{id}` saves one tab, `PATCH user/change-password/{id}` changes the password.
 * Field rules are the registration's (01 §5, 02 §5); the server and the web parse with the same schemas.
 */

export const PROFILE_TEXT = {
  title: 'Profil & Einstellungen',
  saved: TEXT.infoUpdated,
  passwordChanged: TEXT.passwordChanged,
  usernameLocked: 'Der Benutzername kann nicht mehr geändert werden.',
  /** 02 §8, verbatim (the web shows it in an 'Achtung!' warning). */
  verifiedLocked: 'You cannot change verification file if an account is verified',
  changedMeanwhile: 'Dein Profil wurde inzwischen geändert. Bitte lade die Seite neu und versuche es erneut.',
  wrongPassword: 'Das aktuelle Passwort ist falsch.',
  /** A social-login account (Google, Facebook) keeps the provider's e-mail (docs/decisions/accounts.md "Social-login accounts cannot change their e-mail"). */
  emailSocialLocked:
    'Du meldest dich über Google oder Facebook an. Deine E-Mail-Adresse kann deshalb hier nicht geändert werden.',
  leaveQuestion: 'Möchten Sie Änderungen speichern?',
} as const;

/** `currentTab` of /profile-info (01 §2): 0 profile, 1 password, 2 the seller's verification documents. */
export const PROFILE_TABS = { info: 0, password: 1, verification: 2 } as const;

/** An optional e-mail (the extra order e-mail): empty means none. */
const optionalEmail = () =>
  preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.optional(
      z.nullable(
        z.pipe(
          z.pipe(
            z.string({ error: MSG.email }).check(z.trim(), z.maxLength(200, { error: MSG.max(200) })),
            z.email({ error: MSG.email }),
          ),
          z.transform((v) => v.toLowerCase()),
        ),
      ),
    ),
  );

/** Empty text fields arrive as '' from forms; stored as null. */
const text = (max: number) =>
  z.pipe(
    optionalString(max),
    z.transform((v) => (v ? v : null)),
  );

const versionField = z.coerce
  .number({ error: MSG.required })
  .check(z.int({ error: MSG.integer }), z.gte(0, { error: MSG.minValue(0) }));

const identityShape = {
  version: versionField,
  /** Sent along for display; it can never change once set (01 §5), so a different value is refused. */
  username: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  email: emailField(),
  order_email: optionalEmail(),
};

/** Buyer profile tab (01 §2): Benutzername (read-only), names, e-mail, address, order e-mail. */
export const buyerProfileSchema = z.object({
  section: z._default(z.literal('profile'), 'profile'),
  ...identityShape,
  firstName: requiredString(100),
  lastName: requiredString(100),
  address: text(200),
  city: text(100),
  zip_code: text(20),
  phone_number: text(40),
  region_id: z.pipe(
    preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(regionIdField)),
    z.transform((v) => v ?? null),
  ),
});
export type BuyerProfileInput = z.output<typeof buyerProfileSchema>;

/** Admins and scanner users: the account fields only. */
export const accountProfileSchema = z.object({
  section: z._default(z.literal('profile'), 'profile'),
  ...identityShape,
  firstName: text(100),
  lastName: text(100),
});
export type AccountProfileInput = z.output<typeof accountProfileSchema>;

/**
 * Seller profile tab (02 §2, §5): Name auf Gutschein (read-only), e-mail, phone, region, order e-mail,
 * the company (name required, shown on invoices), its logos (upload ids from `POST upload/image`), and
 * the payout account (IBAN and BIC as in the registration; both or neither).
 */
export const sellerProfileSchema = z
  .object({
    section: z._default(z.literal('profile'), 'profile'),
    ...identityShape,
    phone_number: phoneField(),
    region_id: regionIdField,
    company_name: requiredString(COMPANY_NAME_MAX),
    description: text(COMPANY_DESCRIPTION_MAX),
    url: z.pipe(
      urlField(),
      z.transform((v) => v ?? null),
    ),
    vat_number: text(20),
    address: text(200),
    zip_code: text(20),
    city: text(100),
    logo_upload_id: z.nullable(z.optional(uploadIdField())),
    header_logo_upload_id: z.nullable(z.optional(uploadIdField())),
    iban: preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(ibanField())),
    bic: preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(bicField())),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.iban && !form.bic) ctx.addIssue({ code: 'custom', path: ['bic'], message: MSG.required });
      if (form.bic && !form.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: MSG.required });
    }),
  );
export type SellerProfileInput = z.output<typeof sellerProfileSchema>;

/**
 * Seller verification tab (`currentTab=2`): owner names, birth date and the ID documents. Documents
 * are upload ids (`POST upload/image`, purpose `verification-document`); a missing one keeps the stored
 * file. In the profile all three documents are required (02 §5), stored or new.
 */
export const verificationProfileSchema = z.object({
  section: z.literal('verification'),
  version: versionField,
  firstName: requiredString(100),
  lastName: requiredString(100),
  bday: birthDateField(),
  id_front_upload_id: z.nullable(z.optional(uploadIdField())),
  id_back_upload_id: z.nullable(z.optional(uploadIdField())),
  id_additional_upload_id: z.nullable(z.optional(uploadIdField())),
});
export type VerificationProfileInput = z.output<typeof verificationProfileSchema>;

export type ProfileInput =
  | ({ kind: 'buyer' } & BuyerProfileInput)
  | ({ kind: 'account' } & AccountProfileInput)
  | ({ kind: 'seller' } & SellerProfileInput)
  | ({ kind: 'verification' } & VerificationProfileInput);

/** The schema a profile save is parsed with: by the role of the profile and the tab that was saved. */
export function profileSchemaFor(role: RoleName, section: unknown) {
  if (role === 'seller') return section === 'verification' ? verificationProfileSchema : sellerProfileSchema;
  if (role === 'user') return buyerProfileSchema;
  return accountProfileSchema;
}

/** Parses a profile save into the tagged input the service takes. */
export function parseProfileInput(
  role: RoleName,
  body: unknown,
): { success: true; data: ProfileInput } | { success: false; error: z.core.$ZodError } {
  const section = typeof body === 'object' && body !== null ? (body as { section?: unknown }).section : undefined;
  if (role === 'seller' && section === 'verification') {
    const result = verificationProfileSchema.safeParse(body);
    return result.success ? { success: true, data: { kind: 'verification', ...result.data } } : result;
  }
  if (role === 'seller') {
    const result = sellerProfileSchema.safeParse(body);
    return result.success ? { success: true, data: { kind: 'seller', ...result.data } } : result;
  }
  if (role === 'user') {
    const result = buyerProfileSchema.safeParse(body);
    return result.success ? { success: true, data: { kind: 'buyer', ...result.data } } : result;
  }
  const result = accountProfileSchema.safeParse(body);
  return result.success ? { success: true, data: { kind: 'account', ...result.data } } : result;
}

/** PATCH user/change-password/{id} (01 §5, 02 §5): each required, 8–16, repeat equals new. */
export const changePasswordSchema = z
  .object({
    current_password: passwordField(),
    new_password: passwordField(),
    repeat_password: passwordField(),
  })
  .check(
    z.refine((form) => form.new_password === form.repeat_password, {
      path: ['repeat_password'],
      error: MSG.passwordMismatch,
      when: (payload) => {
        const form = payload.value as { new_password?: unknown; repeat_password?: unknown } | undefined;
        return (
          typeof form?.new_password === 'string' &&
          typeof form.repeat_password === 'string' &&
          form.repeat_password !== ''
        );
      },
    }),
  );
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

// ---------------------------------------------------------------------------------------------
// The answer of GET user/{id} (and of a save): the user as everywhere, plus what the profile tabs edit.

export const profileCompanySchema = z.extend(companySummarySchema, {
  vat_number: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip_code: z.nullable(z.string()),
});

export const VERIFICATION_STATUSES = ['submitted', 'verified', 'rejected'] as const;

/** Documents are private: the profile only says which ones are on file, never where. */
export const profileVerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  bday: z.string(),
  documents: z.object({ id_front: z.boolean(), id_back: z.boolean(), id_additional: z.boolean() }),
});

export const profileSchema = z.extend(userSchema, {
  version: z.number().check(z.int()),
  bday: z.nullable(z.string()),
  company: z.nullable(profileCompanySchema),
  /** Sellers only (null otherwise, and for partners without documents). */
  verification: z.nullable(profileVerificationSchema),
  /** Sellers only: the payout account; the IBAN is the seller's own, shown in full on their profile. */
  payout: z.nullable(z.object({ iban: z.string(), bic: z.string(), payouts_enabled: z.boolean() })),
});
export type Profile = z.infer<typeof profileSchema>;

export const saveProfileResponseSchema = z.object({ message: z.string(), user: profileSchema });
export type SaveProfileResponse = z.infer<typeof saveProfileResponseSchema>;
