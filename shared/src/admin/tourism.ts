import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { booleanish, intParam } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Tourism programme, core (03 §2 "Tourism and partner screens", §3–§7, §9; issue 13): tourism accounts,
 * partners and employee codes. Employee vouchers and the employee wallet live in their own contracts.
 */

// ---------------------------------------------------------------------------------------------------
// Employee codes

/** Crockford base32 (no I, L, O, U). */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 Crockford characters = 40 bit (docs/data-model.md §1 "Secrets and codes"). */
export const EMPLOYEE_CODE_LENGTH = 8;
/** At most this many codes per `employee-code/generate` call. */
export const EMPLOYEE_CODES_MAX_PER_CALL = 500;
/** Employee codes table page (03 §9: codes 10 per page). */
export const EMPLOYEE_CODES_PER_PAGE = 10;
/** At most this many cards in one PDF (`employee-code/download` without a `code`). */
export const EMPLOYEE_CODES_PDF_MAX = 1000;
/**
 * Registration attempts with a code per client IP and hour (besides the 20 registrations per IP and hour).
 * A guess hits one of N open codes with probability N / 2^40: with 10,000 open codes that is 9·10^-9 per
 * try, and 10 tries an hour for a whole year (87,600 tries) give one IP a chance of 0.08 %.
 */
export const EMPLOYEE_CODE_ATTEMPTS = { hits: 10, windowSeconds: 60 * 60 } as const;

/**
 * A typed code as stored: upper case, Crockford's look-alikes folded (O → 0, I/L → 1), spaces and
 * dashes dropped. What a person reads off a printed card comes back to the same code.
 */
export function normalizeEmployeeCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export function isEmployeeCodeShape(code: string): boolean {
  return code.length === EMPLOYEE_CODE_LENGTH && [...code].every((c) => CROCKFORD_ALPHABET.includes(c));
}

export const TOURISM_TEXT = {
  codeRequired: 'Bitte gib deinen Mitarbeiter-Code ein.',
  codeInvalid: 'Dieser Code ist ungültig oder wurde bereits verwendet.',
  codeAttempts: 'Zu viele Versuche mit einem Code. Bitte versuche es in einer Stunde erneut.',
  partnerRequired: 'Bitte wähle einen Partner aus.',
  partnerUnknown: 'Dieser Partner gehört nicht zu deinem Tourismus-Konto.',
  notTourism: 'Nur Tourismus-Konten und Partner mit Code-Freigabe können Codes verwalten.',
  codesGenerated: (n: number) => (n === 1 ? '1 Code wurde erstellt.' : `${n} Codes wurden erstellt.`),
  codeActivated: 'Der Code wurde aktiviert.',
  codeDeactivated: 'Der Code wurde deaktiviert.',
  codeNotFound: 'Code nicht gefunden.',
  noCodes: 'Keine Codes zum Herunterladen.',
  generateInProgress: 'Die Codes werden bereits erstellt.',
  partnerNotFound: 'Partner nicht gefunden.',
  partnerOn: 'Der Partnerstatus wurde aktiviert.',
  partnerOff: 'Der Partnerstatus wurde deaktiviert.',
  codesOn: 'Die Code-Erstellung wurde freigegeben.',
  codesOff: 'Die Code-Erstellung wurde gesperrt.',
  codesNeedPartner: 'Die Code-Erstellung gibt es nur für Partner.',
  sellersOnly: 'Nur Unternehmen können Partner sein.',
  tourismSellersOnly: 'Nur Verkäufer können Tourismus-Konten sein.',
  tourismOn: 'Das Konto ist jetzt ein Tourismus-Konto.',
  tourismOff: 'Das Konto ist kein Tourismus-Konto mehr.',
  changedMeanwhile: 'Der Eintrag wurde inzwischen geändert. Bitte lade die Liste neu.',
} as const;

/** POST employee-code/generate (03 §7): how many codes, for which partner (tourism accounts). */
export const generateEmployeeCodesSchema = z.object({
  max: z.coerce
    .number({ error: MSG.numeric })
    .check(
      z.int({ error: MSG.integer }),
      z.gte(1, { error: MSG.minValue(1) }),
      z.lte(EMPLOYEE_CODES_MAX_PER_CALL, { error: MSG.maxValue(EMPLOYEE_CODES_MAX_PER_CALL) }),
    ),
  partnerID: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
});
export type GenerateEmployeeCodesRequest = z.input<typeof generateEmployeeCodesSchema>;

/** GET employee-code/all (03 §7): pagination, page, keyword (code or company), partnerID. */
export const employeeCodeListQuerySchema = z.object({
  page: z._default(intParam(1, 100000), 1),
  pagination: z._default(intParam(1, 50), EMPLOYEE_CODES_PER_PAGE),
  keyword: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
  partnerID: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});
export type EmployeeCodeListQuery = z.input<typeof employeeCodeListQuerySchema>;

/** PUT employee-code/status/{id} (03 §4: the toggle sends `inactive` or `active`). */
export const employeeCodeStatusSchema = z.object({
  status: z.pipe(
    z.union([z.enum(['active', 'inactive']), booleanish()], { error: MSG.required }),
    z.transform((v) => (typeof v === 'boolean' ? v : v === 'active')),
  ),
});

/** POST employee-code/download: one code, or (no code) every code of the list's filter. */
export const employeeCodeDownloadSchema = z.object({
  code: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
  keyword: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  partnerID: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
});
export type EmployeeCodeDownloadRequest = z.input<typeof employeeCodeDownloadSchema>;

/** One row of the codes table (03 §3 "Code"); `company` is the partner the code binds to. */
export const employeeCodeSchema = z.object({
  id: z.string(),
  value: z.string(),
  is_active: z.boolean(),
  partner_id: z.string(),
  company: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** The employee who registered with it (null while unused). */
  user: z.nullable(z.object({ id: z.string(), username: z.string() })),
  user_details: z.nullable(z.object({ fullname: z.nullable(z.string()) })),
  used_at: z.nullable(z.string()),
  /** The employee's latest redemptions (03 §3 "Code … redemptions list"), newest first, at most 20. */
  redemptions: z._default(
    z.array(z.object({ id: z.string(), redemption_no: z.string(), title: z.string(), created_at: z.string() })),
    [],
  ),
  created_at: z.string(),
});
export type EmployeeCode = z.infer<typeof employeeCodeSchema>;
/** How many of a code's redemptions a list row carries. */
export const CODE_REDEMPTIONS_SHOWN = 20;
export const employeeCodeListSchema = pagedSchema(employeeCodeSchema);
export type EmployeeCodeList = z.infer<typeof employeeCodeListSchema>;

export const generateEmployeeCodesAnswerSchema = z.object({
  message: z.string(),
  data: z.array(employeeCodeSchema),
});
export const employeeCodeAnswerSchema = z.object({ message: z.string(), data: employeeCodeSchema });

// ---------------------------------------------------------------------------------------------------
// Partners

/** /tourism/sellers page size (03 §9 default table page 10; 5 page links). */
export const PARTNERS_PER_PAGE = 10;

/** GET partners/all (03 §7): pagination, page, keyword. */
export const partnerListQuerySchema = z.object({
  page: z._default(intParam(1, 100000), 1),
  pagination: z._default(intParam(1, 50), PARTNERS_PER_PAGE),
  keyword: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
});
export type PartnerListQuery = z.input<typeof partnerListQuerySchema>;

/** PUT partners/status/{id} (03 §7): `type` codes = can_generate, partner = is_partner. */
export const partnerStatusSchema = z.object({
  status: z.union([
    booleanish(),
    z.pipe(
      z.enum(['active', 'inactive']),
      z.transform((v) => v === 'active'),
    ),
  ]),
  type: z.enum(['codes', 'partner'], { error: MSG.required }),
});
export type PartnerStatusRequest = z.input<typeof partnerStatusSchema>;

const partnerCompanySchema = z.object({ id: z.string(), name: z.string(), logo: z.nullable(z.string()) });

/** A row of /tourism/sellers (03 §3 "Partner/seller"). */
export const partnerSchema = z.object({
  id: z.string(),
  username: z.string(),
  company: z.nullable(partnerCompanySchema),
  can_generate: z.boolean(),
  is_partner: z.boolean(),
  /** The tourism account the partner belongs to (null: not attached). */
  tourism_id: z.nullable(z.string()),
});
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListSchema = pagedSchema(partnerSchema);
export type PartnerList = z.infer<typeof partnerListSchema>;
export const partnerAnswerSchema = z.object({ message: z.string(), data: partnerSchema });

/** GET partners/active, partners/partnersWithVouchers: `subdomain` names the tourism tenant (else the request's host). */
export const publicPartnersQuerySchema = z.object({
  subdomain: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(63))),
});

/** A card of the public carousel: an employee voucher of a partner. */
export const partnerVoucherSchema = z.object({
  id: z.string(),
  title: z.string(),
  employee_value: z.nullable(z.string()),
  background_image: z.nullable(z.string()),
});
export const publicPartnerSchema = z.object({
  id: z.string(),
  username: z.string(),
  company: z.nullable(partnerCompanySchema),
  employee_vouchers: z.array(partnerVoucherSchema),
});
export type PublicPartner = z.infer<typeof publicPartnerSchema>;
export const publicPartnersSchema = z.object({ data: z.array(publicPartnerSchema) });

/**
 * The buyer registration on the tourism tenant with the code filled in (what a card's QR encodes):
 * `<scheme>://<subdomain>.<main host>/register/buyer?code=<code>`. Without a subdomain: the main site.
 */
export function tourismRegisterUrl(appUrl: string, subdomain: string | null | undefined, code: string): string {
  const match = /^(https?:\/\/)([^/:?#]+)(:\d+)?/i.exec(appUrl.trim());
  if (!match) return `/register/buyer?code=${encodeURIComponent(code)}`;
  const [, scheme, host = '', port = ''] = match;
  const base = host.toLowerCase().replace(/^www\./, '');
  return `${scheme}${subdomain ? `${subdomain}.${base}` : host}${port}/register/buyer?code=${encodeURIComponent(code)}`;
}
