import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { emailField, passwordField, requiredString } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';

/**
 * Scanner, redemption and scanner staff (02 §2 "Scanner", "Redemptions page", §3, §7; 03 §7).
 * Money in integer cents: a value voucher's `value` is cents (at least 1 €, 100 cents); a product
 * voucher redeems `qty` units. Redemptions are idempotent by the `Idempotency-Key` header.
 */
export const REDEMPTION_MIN_VALUE = 100;
/** 02 §9: redemption success goes back to the scanner after 3 s; the scanner-user form reloads after 3 s. */
export const REDEMPTION_REDIRECT_MS = 3000;
export const SCANNER_FORM_RELOAD_MS = 3000;
export const REDEMPTIONS_PER_PAGE = 9;

export { REDEMPTION_TEXT } from './texts.ts';

/** 02 §2: the camera errors the scanner explains, in German. */
export const CAMERA_ERROR_TEXT = {
  permissionDenied:
    'Der Zugriff auf die Kamera wurde verweigert. Bitte erlaube den Kamerazugriff in den Browser-Einstellungen oder gib den Code manuell ein.',
  noCamera: 'Es wurde keine Kamera gefunden. Bitte gib den Code manuell ein.',
  secureContext: 'Die Kamera kann nur über eine sichere Verbindung (HTTPS) verwendet werden.',
  inUse: 'Die Kamera wird bereits von einer anderen Anwendung verwendet. Bitte schließe diese und versuche es erneut.',
  unsuitable: 'Keine der vorhandenen Kameras erfüllt die Anforderungen. Bitte gib den Code manuell ein.',
  unsupported: 'Dieser Browser unterstützt keinen Kamerazugriff. Bitte gib den Code manuell ein.',
  unknown: 'Die Kamera konnte nicht gestartet werden. Bitte gib den Code manuell ein.',
} as const;

export type CameraErrorKind = keyof typeof CAMERA_ERROR_TEXT;

/** Maps a getUserMedia failure (its DOMException name) to one of the spec's camera errors. */
export function cameraErrorKind(name: string | undefined): CameraErrorKind {
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permissionDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'unsuitable';
    case 'InsecureContextError':
      return 'secureContext';
    case 'StreamApiNotSupportedError':
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

/**
 * The code inside a scanned QR URL (`<APP_URL>/qr/<code>`) or a typed code: upper case, without
 * spaces and dashes, Crockford's look-alikes (I, L → 1; O → 0) mapped. Undefined when nothing is left.
 */
export function voucherCodeFrom(input: string): string | undefined {
  const text = input.trim();
  const match = text.match(/\/qr\/([^/?#\s]+)/i);
  const raw = match ? decodeURIComponent(match[1]!) : text;
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-Z]{1,64}$/.test(code) ? code : undefined;
}

/** POST qr-code/scan */
export const scanRequestSchema = z.object({ url: requiredString(500) });
export type ScanRequest = z.input<typeof scanRequestSchema>;

/** A scanned voucher as the redemption form needs it. */
export const scannedVoucherSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  voucher_id: z.string(),
  title: z.string(),
  type: z.enum(['quantity', 'value', 'buyer']),
  /** Cents. */
  remaining_value: z.number().check(z.int()),
  remaining_qty: z.number().check(z.int()),
  /** Cents per unit of a product voucher (face value), else null. */
  unit_value: z.nullable(z.number().check(z.int())),
  valid_until: z.string(),
  expired: z.boolean(),
  status: z.enum(['active', 'reversing', 'redeemed', 'reversed']),
  owner_name: z.nullable(z.string()),
  image: z.nullable(z.string()),
  /** Gift option (issue 6): `once` must be redeemed whole in one redemption (docs/decisions/seller.md "Once-gifts are redeemed whole"). */
  voucher_usage: z.enum(['multiple', 'once']),
});
export type ScannedVoucher = z.infer<typeof scannedVoucherSchema>;

const positiveInt = (min: number, minMessage: string) =>
  z.coerce.number({ error: MSG.required }).check(z.int({ error: MSG.integer }), z.gte(min, { error: minMessage }));

/**
 * POST redemption: `order_id` is the user voucher id (02 §7). Value vouchers send `value` (cents,
 * at least 100), product vouchers `qty` (units, at least 1). `confirm_expired` confirms the
 * redemption of an expired voucher after the 422 on `confirm_expired`.
 */
export const redeemRequestSchema = z.object({
  order_id: requiredString(64),
  value: z.nullable(z.optional(positiveInt(REDEMPTION_MIN_VALUE, MSG.minValue('1,00 €')))),
  qty: z.nullable(z.optional(positiveInt(1, MSG.minValue(1)))),
  confirm_expired: z.optional(z.boolean()),
});
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

export const redemptionIdRequestSchema = z.object({ id: requiredString(64) });

/** A redemption as the API answers it (02 §3 "Redemption"). */
export const redemptionSchema = z.object({
  id: z.string(),
  redemption_no: z.string(),
  user_voucher_id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  voucher_id: z.string(),
  seller_id: z.string(),
  title: z.string(),
  type: z.enum(['quantity', 'value', 'buyer']),
  /** Cents (value vouchers) or null. */
  value: z.nullable(z.number().check(z.int())),
  /** Units (product vouchers) or null. */
  qty: z.nullable(z.number().check(z.int())),
  /** Cents, for both kinds. */
  redeemed_value: z.number().check(z.int()),
  scanned_by: z.object({ user_id: z.string(), username: z.string() }),
  channel: z.enum(['scan', 'manual']),
  is_revoked: z.boolean(),
  revoked_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  order: z.object({ id: z.string(), order_no: z.string() }),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redemptionPageSchema = pagedSchema(redemptionSchema);

/** GET redemption: page, paginate 9, seller_id (admins may filter), cursor (next_page_url), order_id (one order's redemptions). */
export const redemptionListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  paginate: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), REDEMPTIONS_PER_PAGE),
  seller_id: z.optional(z.string().check(z.maxLength(64))),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  order_id: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(z.string()),
});

/** POST scanner-user (02 §5): username required and unique, e-mail valid and unique, password 8–16. */
export const createScannerUserSchema = z.object({
  username: requiredString(50),
  email: emailField(),
  password: passwordField(),
});
export type CreateScannerUserInput = z.input<typeof createScannerUserSchema>;

export const scannerUserSchema = z.object({
  id: z.string(),
  /** 02 §3 "Scanner user: scanner (username), status (active flag)". */
  scanner: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.boolean(),
  created_at: z.string(),
});
export type ScannerUser = z.infer<typeof scannerUserSchema>;
