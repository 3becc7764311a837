import * as z from 'zod/mini';
import { pagedSchema } from '../api/paged.ts';
import { voucherSellerSchema, voucherStylingSchema } from '../catalogue/contracts.ts';
import { intParam, requiredString } from '../validation/fields.ts';

/**
 * Employee vouchers and the employee wallet (issue 13; 03 §2 "Tourism and partner screens", §8; 01 §2
 * "Wallet", "Employee voucher"; 02 §2 builder tourism mode, scanner). An employee voucher is a
 * `Voucher` with `is_tourism: true`, type value, free-text `employee_value`, 10 years validity, tax
 * 'unsure', the partner's `tourism_id` and an `employee_claim_no` (8 chars Crockford base32).
 */
export const EMPLOYEE_VOUCHER_VALIDITY_YEARS = 10;
export const EMPLOYEE_VOUCHERS_PER_PAGE = 10;
/** 01 §2: after 'Jetzt selbst einlösen' succeeded the employee goes back to /wallet after 3 s. */
export const EMPLOYEE_REDEEM_REDIRECT_MS = 3000;
export const EMPLOYEE_VALUE_MAX = 100;

export { EMPLOYEE_VOUCHER_TEXT } from './employee-voucher-texts.ts';

/** Crockford base32 (no I, L, O, U), 8 chars = 40 bit, like employee codes and claim numbers (data-model §1). */
export const CLAIM_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CLAIM_LENGTH = 8;

/** Normalises a typed or scanned claim number: upper case, I/L → 1, O → 0, no spaces or dashes. */
export function normaliseClaimNo(input: string): string | undefined {
  const code = input.trim().toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return new RegExp(`^[${CLAIM_ALPHABET}]{${CLAIM_LENGTH}}$`).test(code) ? code : undefined;
}

/**
 * The employee's QR (01 §2 "Employee voucher"): `<APP_URL>/e/<employeeClaimNo>/<userClaimNo>`: the
 * voucher's employee claim number and the employee's own claim number. Only staff can scan it.
 */
export function employeeQrUrl(appUrl: string, employeeClaimNo: string, userClaimNo: string): string {
  return `${appUrl.replace(/\/+$/, '')}/e/${employeeClaimNo}/${userClaimNo}`;
}

/** The two claim numbers of a scanned employee QR (or `<a>/<b>` typed), else undefined. */
export function employeeClaimFrom(input: string): { voucherClaimNo: string; userClaimNo: string } | undefined {
  const match = input.trim().match(/(?:^|\/e\/)([0-9A-Za-z-]{8,10})\/([0-9A-Za-z-]{8,10})\/?(?:[?#].*)?$/);
  if (!match) return undefined;
  const voucherClaimNo = normaliseClaimNo(match[1]!);
  const userClaimNo = normaliseClaimNo(match[2]!);
  return voucherClaimNo && userClaimNo ? { voucherClaimNo, userClaimNo } : undefined;
}

/** A row of /tourism/employee-vouchers (03 §3 "Employee voucher": id, title, employee_value, is_active, seller company). */
export const employeeVoucherRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  employee_value: z.string(),
  is_active: z.boolean(),
  seller: voucherSellerSchema,
  tourism_id: z.string(),
  created_at: z.string(),
});
export type EmployeeVoucherRow = z.infer<typeof employeeVoucherRowSchema>;
export const employeeVoucherPageSchema = pagedSchema(employeeVoucherRowSchema);

/** GET employee-voucher/all: pagination 10, page, keyword (title). */
export const employeeVoucherListQuerySchema = z.object({
  page: z._default(intParam(1, 100000), 1),
  pagination: z._default(intParam(1, 100), EMPLOYEE_VOUCHERS_PER_PAGE),
  keyword: z.optional(z.string().check(z.maxLength(100))),
});

/** PUT employee-voucher/value/{id}: {id, value}. */
export const employeeValueRequestSchema = z.object({
  id: z.optional(z.string().check(z.maxLength(64))),
  value: requiredString(EMPLOYEE_VALUE_MAX),
});

/** PUT employee-voucher/status/{id}: {status} (true = active). */
export const employeeVoucherStatusRequestSchema = z.object({
  status: z.pipe(
    z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Dieses Feld muss ausgefüllt werden' }),
    z.transform((value) => value === true || value === 1),
  ),
});

export const employeeVoucherRowResponseSchema = z.object({ message: z.string(), data: employeeVoucherRowSchema });

/** A voucher in the employee wallet (01 §2): the card fields, the detail page's fields and the claim number for the QR. */
export const walletEmployeeVoucherSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  long_description: z.string(),
  note: z.nullable(z.string()),
  employee_value: z.string(),
  employee_claim_no: z.string(),
  voucher_category_id: z.string(),
  category: z.nullable(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  background_image: z.nullable(z.string()),
  image_1: z.nullable(z.string()),
  image_2: z.nullable(z.string()),
  image_3: z.nullable(z.string()),
  styling: voucherStylingSchema,
  seller: voucherSellerSchema,
  valid_day: z.array(z.string()),
  months: z.array(z.number().check(z.int())),
  /** Whether this employee has used it already (once per employee and voucher). */
  redeemed: z.boolean(),
  created_at: z.string(),
});
export type WalletEmployeeVoucher = z.infer<typeof walletEmployeeVoucherSchema>;

/** GET employee-voucher/wallet?category: the employee's claim number (for the QR) and the vouchers. */
export const employeeWalletQuerySchema = z.object({ category: z.optional(z.string().check(z.maxLength(64))) });
export const employeeWalletSchema = z.object({
  claim_no: z.string(),
  data: z.array(walletEmployeeVoucherSchema),
});
export type EmployeeWallet = z.infer<typeof employeeWalletSchema>;

/** POST employee-voucher/manual-redeem: {id, employee_value} (the value the employee saw; a changed value is a 422). */
export const manualRedeemRequestSchema = z.object({
  id: requiredString(64),
  employee_value: requiredString(EMPLOYEE_VALUE_MAX),
});

/** An employee redemption as the API answers it (scan and manual redeem). */
export const employeeRedemptionSchema = z.object({
  id: z.string(),
  redemption_no: z.string(),
  kind: z.literal('employee'),
  voucher_id: z.string(),
  seller_id: z.string(),
  title: z.string(),
  employee_value: z.string(),
  employee_user_id: z.string(),
  employee_username: z.string(),
  channel: z.enum(['scan', 'manual']),
  created_at: z.string(),
});
export type EmployeeRedemption = z.infer<typeof employeeRedemptionSchema>;
export const employeeRedemptionResponseSchema = z.object({ message: z.string(), data: employeeRedemptionSchema });

/**
 * `POST qr-code/scan` of an employee QR (02 §2 "An employee voucher is redeemed at once when scanned"):
 * `kind: 'employee-voucher'` means it is redeemed already.
 */
export const scannedEmployeeVoucherSchema = z.object({
  kind: z.literal('employee-voucher'),
  message: z.string(),
  redemption: employeeRedemptionSchema,
});
export type ScannedEmployeeVoucher = z.infer<typeof scannedEmployeeVoucherSchema>;

/** The Redemptions CSV (GET employee-voucher/redemptions-csv): header row, `;`-separated, UTF-8 with BOM. */
export const EMPLOYEE_REDEMPTIONS_CSV_HEADER = [
  'Einlösungsnummer',
  'Datum',
  'Gutschein',
  'Wert',
  'Partner',
  'Mitarbeiter',
  'Kanal',
] as const;
