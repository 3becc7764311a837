import * as z from 'zod/mini';
import { voucherCodeFrom } from '../redemption/contracts.ts';
import { MSG } from '../validation/messages.ts';

/**
 * The public balance check (issue 13 "★ Public balance check"): anyone holding a voucher code —
 * typed, scanned from the PDF's QR (`<APP_URL>/qr/<code>`) or pasted as that URL — sees what is
 * left, until when and at which seller, without logging in. The answer never names the holder
 * (no owner, e-mail, order number or buyer data). Money in integer cents.
 */

/** The web page (public); mails and the voucher PDF link to it with `?code=<code>`. */
export const BALANCE_CHECK_PATH = '/guthaben';

/** `<APP_URL>/guthaben?code=<code>`: the link printed on the voucher PDF and written into the voucher mails. */
export function balanceCheckUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}${BALANCE_CHECK_PATH}?code=${encodeURIComponent(code)}`;
}

/**
 * Checks per caller IP and window. The code is a 128-bit bearer credential (docs/data-model.md §1),
 * so guessing is infeasible at any rate; the limit only stops one address from scraping or hammering
 * the table. 30 an hour is far above what a household (or a shared office/hotel NAT) checks.
 */
export const BALANCE_CHECK_LIMIT = { perIp: 30, windowSeconds: 3600 } as const;

/** Voucher codes are 16 random bytes as 26 Crockford base32 characters (functions/src/services/orders/voucher-code.ts). */
export const BALANCE_CODE_LENGTH = 26;
const CROCKFORD_CODE = new RegExp(`^[0-9A-HJKMNP-TV-Z]{${BALANCE_CODE_LENGTH}}$`);

export const BALANCE_TEXT = {
  title: 'Guthaben prüfen',
  intro:
    'Gib den Code deines Gutscheins ein oder scanne den QR-Code vom Gutschein-PDF. Du siehst, wie viel noch übrig ist, bis wann der Gutschein gilt und bei welchem Unternehmen du ihn einlöst.',
  codeLabel: 'Gutscheincode',
  codeHint: '26 Zeichen, wie unter dem QR-Code auf dem Gutschein. Leerzeichen und Bindestriche sind egal.',
  submit: 'Guthaben prüfen',
  scan: 'QR-Code scannen',
  invalidCode: 'Bitte gib einen gültigen Gutscheincode ein (26 Zeichen, wie auf dem Gutschein).',
  notFound: 'Gutschein nicht gefunden. Bitte prüfe den Code.',
  notFoundHint:
    'Wurde der Gutschein in eine Wallet übernommen, bekommt er dort einen neuen Code; der Code im alten PDF gilt dann nicht mehr.',
  tooMany: 'Zu viele Abfragen von dieser Verbindung. Bitte versuche es in einer Stunde erneut.',
  checking: 'Guthaben wird geprüft…',
  remainingValue: 'Restguthaben',
  remainingQty: 'Noch einlösbar',
  validUntil: 'Gültig bis',
  status: 'Status',
  seller: 'Einzulösen bei',
  linkLabel: 'Restguthaben prüfen',
} as const;

/** What the check shows as status: `expired` = still active but past 'Gültig bis' (Vienna date). */
export const balanceStatusSchema = z.enum(['active', 'expired', 'redeemed', 'reversing', 'reversed']);
export type BalanceStatus = z.infer<typeof balanceStatusSchema>;

export const BALANCE_STATUS_LABEL: Record<BalanceStatus, string> = {
  active: 'Gültig',
  expired: 'Abgelaufen',
  redeemed: 'Vollständig eingelöst',
  reversing: 'Wird storniert',
  reversed: 'Storniert',
};

/**
 * The code inside what was typed, scanned or pasted: a bare code, the QR URL `<…>/qr/<code>` or a
 * balance-check link `<…>/guthaben?code=<code>`; normalised like the scanner does (upper case, no
 * spaces or dashes, I/L → 1, O → 0). Undefined unless exactly 26 Crockford characters remain.
 */
export function balanceCodeFrom(input: string): string | undefined {
  const text = input.trim();
  const param = text.match(/[?&]code=([^&#\s]+)/i);
  let raw = text;
  if (param) {
    try {
      raw = decodeURIComponent(param[1]!);
    } catch {
      return undefined;
    }
  }
  const code = voucherCodeFrom(raw);
  return code && CROCKFORD_CODE.test(code) ? code : undefined;
}

/** POST balance-check {code}: the typed code or scanned/pasted URL; the parsed value is the normalised code. */
export const balanceCheckRequestSchema = z.object({
  code: z.pipe(
    z
      .string({ error: MSG.required })
      .check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(500, { error: MSG.max(500) })),
    z.transform((value, ctx) => {
      const code = balanceCodeFrom(value);
      if (!code) {
        ctx.issues.push({ code: 'custom', message: BALANCE_TEXT.invalidCode, input: ctx.value });
        return z.NEVER;
      }
      return code;
    }),
  ),
});
export type BalanceCheckRequest = z.input<typeof balanceCheckRequestSchema>;

/** The answer: the voucher's balance and validity and its seller, never its holder. */
export const balanceCheckResponseSchema = z.object({
  /** The normalised code that was checked. */
  code: z.string(),
  title: z.string(),
  /** quantity = product voucher (units); value and buyer = value vouchers (cents). */
  type: z.enum(['quantity', 'value', 'buyer']),
  status: balanceStatusSchema,
  /** Cents left (0 once redeemed or reversed). */
  remaining_value: z.number().check(z.int()),
  /** Cents when issued (value × quantity; a product voucher: what its units were worth). */
  total_value: z.number().check(z.int()),
  /** Product vouchers: units left and units bought; value vouchers: 1/1 or 0/1. */
  remaining_qty: z.number().check(z.int()),
  qty: z.number().check(z.int()),
  /** yyyy-mm-dd. */
  valid_until: z.string(),
  expired: z.boolean(),
  seller: z.object({
    /** The public seller page's id, or null when the seller account no longer exists. */
    id: z.nullable(z.string()),
    company_name: z.string(),
  }),
});
export type BalanceCheckResponse = z.infer<typeof balanceCheckResponseSchema>;
