import * as z from 'zod/mini';
import { preprocess } from '../validation/fields.ts';
import { viennaDay } from '../dates/vienna-range.ts';
import { MSG } from '../validation/messages.ts';
import { emailField, mustAccept, optionalString, passwordField, requiredString } from '../validation/fields.ts';
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from '../uploads/contracts.ts';
import { ROLE_IDS } from './roles.ts';
import { regionIdField, USERNAME_MAX } from './contracts.ts';

/**
 * Seller registration (02 §2 "Seller registration", §3, §5): `POST auth/register` with `role_id` 2 as
 * multipart form data. The web validates each wizard step with the step schemas below and the server
 * parses the whole form with `sellerRegistrationSchema(mode)`; both read the same German messages.
 */

export type SellerRegistrationMode = 'seller' | 'partner';

/** `registrationType=partner` (query on the page, form field in the request) switches to partner mode. */
export function registrationModeOf(value: unknown): SellerRegistrationMode {
  return value === 'partner' ? 'partner' : 'seller';
}

/** A request body is a seller registration when it asks for role 2 (form data sends it as text). */
export function isSellerRegistration(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    String((body as { role_id?: unknown }).role_id) === String(ROLE_IDS.seller)
  );
}

export const COMPANY_NAME_MAX = 100;
export const COMPANY_DESCRIPTION_MAX = 800;
export const SELLER_MIN_AGE = 18;

/** ID documents: only .jpeg, .jpg, .png (02 §5), at most 10 MB each. */
export const DOCUMENT_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const DOCUMENT_ACCEPT = '.jpeg,.jpg,.png,image/jpeg,image/png';
export const DOCUMENT_FIELDS = ['id_front', 'id_back', 'id_additional'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/**
 * Lambda accepts at most 6 MB per request (`MAX_REQUEST_BODY_BYTES`), and API Gateway passes
 * multipart bodies base64-encoded (4/3 of the bytes). The web therefore downscales ID photos and
 * keeps all files of one registration under 4 MB; the server refuses larger bodies with a 413.
 */
export const MAX_REGISTRATION_FILES_BYTES = 4 * 1024 * 1024;
/** Downscaling of ID photos in the browser before sending: long side and JPEG quality. */
export const ID_PHOTO_MAX_SIDE = 2000;
export const ID_PHOTO_QUALITY = 0.85;

export const SELLER_TEXT = {
  registered:
    'Vielen Dank für deine Registrierung! Wir prüfen dein Konto und melden uns innerhalb von 24 Stunden bei dir.',
  documentType: 'Nur .jpeg, .jpg oder .png Dateien sind erlaubt.',
  ibanInvalid: 'Bitte gib eine gültige IBAN ein.',
  bicInvalid: 'Bitte gib einen gültigen BIC ein.',
  tooYoung: `Du musst mindestens ${SELLER_MIN_AGE} Jahre alt sein.`,
  urlInvalid: 'Bitte gib eine gültige Webadresse ein.',
  usernameTooltip: 'Dieser Name erscheint auf deinen Gutscheinen und kann später nicht mehr geändert werden.',
} as const;

/** What both a browser `File` and the server's parsed upload look like. */
export type DocumentFile = { name: string; type: string; size: number };

function isDocumentFile(value: unknown): value is DocumentFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<DocumentFile>;
  return typeof file.name === 'string' && typeof file.type === 'string' && typeof file.size === 'number';
}

export function hasDocumentExtension(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** The file problem as the form shows it, or undefined when the file is acceptable. */
export function documentProblem(file: DocumentFile): string | undefined {
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_LARGE;
  // Some clients send no or a generic type; the extension decides then, and the server checks the bytes.
  const typeOk =
    file.type === '' ||
    file.type === 'application/octet-stream' ||
    (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type);
  if (!hasDocumentExtension(file.name) || !typeOk) return SELLER_TEXT.documentType;
  if (file.size === 0) return MSG.required;
  return undefined;
}

/** JPEG or PNG by the first bytes of the file (the name and type are the client's word only). */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return undefined;
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function documentSchema<F extends DocumentFile>() {
  return z.custom<F>(isDocumentFile, { error: MSG.required }).check(
    z.superRefine((file, ctx) => {
      const problem = documentProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
}
const requiredDocument = <F extends DocumentFile>() => preprocess(emptyToUndefined, documentSchema<F>());
const optionalDocument = <F extends DocumentFile>() => preprocess(emptyToUndefined, z.optional(documentSchema<F>()));

// ---------------------------------------------------------------------------------------------
// Birth date: required, a real date, and the owner must be of age (a contract partner must be able
// to sign one; docs/decisions/accounts.md "Sellers must be adults").

/** Today's calendar date in Europe/Vienna as YYYY-MM-DD. */
export function todayInVienna(now: Date = new Date()): string {
  return viennaDay(now);
}

/** Full years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD); undefined for an invalid date. */
export function ageOn(bday: string, today: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(bday.trim());
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!match || !now) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  const [ty, tm, td] = [Number(now[1]), Number(now[2]), Number(now[3])];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

export function birthDateProblem(bday: string, today: string = todayInVienna()): string | undefined {
  const age = ageOn(bday, today);
  if (age === undefined || age < 0 || age > 120) return MSG.invalidDate;
  if (age < SELLER_MIN_AGE) return SELLER_TEXT.tooYoung;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// IBAN and BIC. Payouts go by SEPA transfer, so an IBAN must belong to a SEPA country, have that
// country's length and pass the ISO 13616 mod-97 check.

const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export function normaliseIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  // Move the first four characters to the end, letters become 10..35, the number mod 97 must be 1.
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Groups of four for display: AT61 1904 3002 3457 3201. */
export function formatIban(value: string): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Field schemas

export const ibanField = () =>
  z.pipe(
    requiredString(42).check(z.refine(isValidIban, { error: SELLER_TEXT.ibanInvalid })),
    z.transform(normaliseIban),
  );

export const bicField = () =>
  z.pipe(
    requiredString(15).check(z.refine(isValidBic, { error: SELLER_TEXT.bicInvalid })),
    z.transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  );

/** Required and numeric (02 §5); a leading + and spaces are allowed and the spaces dropped. */
export const phoneField = () =>
  z
    .pipe(
      requiredString(30),
      z.transform((v) => v.replace(/[\s/-]+/g, '')),
    )
    .check(
      z.superRefine((v, ctx) => {
        // One message at a time: "numeric" first, the length only for a number.
        const problem = !/^\+?\d+$/.test(v)
          ? MSG.numeric
          : v.length < 6
            ? MSG.min(6)
            : v.length > 16
              ? MSG.max(16)
              : undefined;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    );

/** http(s), a host with at least one dot (letters may be umlauts), optional port and path. */
export const WEB_ADDRESS = /^https?:\/\/([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?([/?#]\S*)?$/iu;

/** Optional web address; "www.example.at" is stored as "https://www.example.at". */
export const urlField = () =>
  preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : emptyToUndefined(value)),
    z.optional(
      z
        .pipe(
          z.string().check(z.trim(), z.maxLength(255, { error: MSG.max(255) })),
          z.transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`)),
        )
        .check(z.refine((v) => WEB_ADDRESS.test(v), { error: SELLER_TEXT.urlInvalid })),
    ),
  );

export const birthDateField = () =>
  requiredString(10).check(
    z.superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

const accountShape = {
  username: requiredString(USERNAME_MAX),
  email: emailField(),
  phone_number: phoneField(),
  region_id: regionIdField,
  password: passwordField(),
  confirmPassword: z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required })),
};

const verificationShape = <F extends DocumentFile>() => ({
  firstName: requiredString(100),
  lastName: requiredString(100),
  bday: birthDateField(),
  id_front: requiredDocument<F>(),
  id_back: requiredDocument<F>(),
  id_additional: optionalDocument<F>(),
});

const companyShape = {
  company_name: requiredString(COMPANY_NAME_MAX),
  description: optionalString(COMPANY_DESCRIPTION_MAX),
  url: urlField(),
  vat_number: optionalString(20),
  address: optionalString(200),
  zip_code: optionalString(20),
  city: optionalString(100),
};

const payoutShape = { iban: ibanField(), bic: bicField() };

const consentShape = (mode: SellerRegistrationMode) => ({
  dataPrivacy: mustAccept(),
  terms: mustAccept(),
  ...(mode === 'seller' ? { commission: mustAccept() } : {}),
});

const passwordsMatch = (form: { password: string; confirmPassword: string }) => form.password === form.confirmPassword;
/** Reported even while other fields are still wrong, so one submit shows every problem. */
const mismatch = {
  path: ['confirmPassword'],
  error: MSG.passwordMismatch,
  when: (payload: { value: unknown }) => {
    const form = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return (
      typeof form?.password === 'string' && typeof form.confirmPassword === 'string' && form.confirmPassword !== ''
    );
  },
};

export type SellerStepId = 'account' | 'verification' | 'company' | 'payout';

/** The wizard's steps in order; partner mode skips verification and company (1 → 4, 4 → 1). */
export function sellerRegistrationSteps(mode: SellerRegistrationMode): SellerStepId[] {
  return mode === 'partner' ? ['account', 'payout'] : ['account', 'verification', 'company', 'payout'];
}

/** One schema per wizard step ('Weiter' validates only that step's fields). */
export function sellerStepSchemas(mode: SellerRegistrationMode) {
  return {
    account: z.object(accountShape).check(z.refine(passwordsMatch, mismatch)),
    verification: z.object(verificationShape()),
    company: z.object(companyShape),
    payout: z.object({ ...(mode === 'seller' ? payoutShape : {}), ...consentShape(mode) }),
  } satisfies Record<SellerStepId, z.ZodMiniType>;
}

/** Field names per step, in form order (error summary, jumping to the first step with an error). */
export const SELLER_STEP_FIELDS = {
  account: Object.keys(accountShape),
  verification: Object.keys(verificationShape()),
  company: Object.keys(companyShape),
  payout: ['iban', 'bic', 'dataPrivacy', 'terms', 'commission'],
} as const satisfies Record<SellerStepId, readonly string[]>;

/** The stored shape of a validated registration, independent of the form's flat field names. */
export type SellerRegistration<F extends DocumentFile = DocumentFile> = {
  mode: SellerRegistrationMode;
  account: { username: string; email: string; password: string; phone_number: string; region_id: number };
  owner: { firstName: string; lastName: string; bday: string } | null;
  documents: { front: F; back: F; additional: F | null } | null;
  company: {
    name: string;
    description: string | null;
    url: string | null;
    vat_number: string | null;
    address: string | null;
    city: string | null;
    zip_code: string | null;
  } | null;
  payout: { iban: string; bic: string } | null;
  consents: { dataPrivacy: true; terms: true; commission: boolean };
};

/**
 * The whole form as the server parses it. Partner mode ignores (strips) the verification, company
 * and payout fields; `F` is the file type the caller's parser produces.
 */
export function sellerRegistrationSchema<F extends DocumentFile = DocumentFile>(
  mode: SellerRegistrationMode,
): z.ZodMiniType<SellerRegistration<F>> {
  const common = {
    role_id: z.pipe(z.coerce.number(), z.literal(ROLE_IDS.seller, { error: MSG.required })),
    ...accountShape,
    ...consentShape(mode),
  };
  const account = (form: z.output<z.ZodMiniObject<typeof accountShape>>) => ({
    username: form.username,
    email: form.email,
    password: form.password,
    phone_number: form.phone_number,
    region_id: form.region_id,
  });
  if (mode === 'partner') {
    return z.pipe(
      z.object(common).check(z.refine(passwordsMatch, mismatch)),
      z.transform((form): SellerRegistration<F> => ({
        mode,
        account: account(form),
        owner: null,
        documents: null,
        company: null,
        payout: null,
        consents: { dataPrivacy: true, terms: true, commission: false },
      })),
    );
  }
  return z.pipe(
    z
      .object({ ...common, ...verificationShape<F>(), ...companyShape, ...payoutShape })
      .check(z.refine(passwordsMatch, mismatch)),
    z.transform((form): SellerRegistration<F> => ({
      mode,
      account: account(form),
      owner: { firstName: form.firstName, lastName: form.lastName, bday: form.bday },
      documents: { front: form.id_front, back: form.id_back, additional: form.id_additional ?? null },
      company: {
        name: form.company_name,
        description: form.description || null,
        url: form.url ?? null,
        vat_number: form.vat_number || null,
        address: form.address || null,
        city: form.city || null,
        zip_code: form.zip_code || null,
      },
      payout: { iban: form.iban, bic: form.bic },
      consents: { dataPrivacy: true, terms: true, commission: true },
    })),
  );
}
