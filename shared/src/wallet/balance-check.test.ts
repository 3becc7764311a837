import { describe, expect, it } from 'vitest';
import { MSG } from '../validation/messages.ts';
import { toFieldErrors } from '../validation/fields.ts';
import {
  BALANCE_TEXT,
  balanceCheckRequestSchema,
  balanceCheckResponseSchema,
  balanceCheckUrl,
  balanceCodeFrom,
} from './balance-check.ts';

const CODE = '0123456789ABCDEFGHJKMNPQRS';

describe('balanceCodeFrom', () => {
  it('takes a typed code, the QR URL or a balance-check link and normalises it like the scanner', () => {
    expect(balanceCodeFrom(CODE)).toBe(CODE);
    expect(balanceCodeFrom(' 0123456789abc-defghjkm npqrs ')).toBe(CODE);
    expect(balanceCodeFrom(`https://gutscheinmarkt.example/qr/${CODE}`)).toBe(CODE);
    expect(balanceCodeFrom(`http://localhost:5173/guthaben?code=${CODE.toLowerCase()}`)).toBe(CODE);
    // Crockford look-alikes: O → 0, I/L → 1.
    expect(balanceCodeFrom('O123456789ABCDEFGHJKMNPQRS')).toBe(CODE);
    expect(balanceCodeFrom('0I23456789ABCDEFGHJKMNPQRS')).toBe(CODE);
  });

  it('refuses anything that is not 26 Crockford characters', () => {
    expect(balanceCodeFrom('')).toBeUndefined();
    expect(balanceCodeFrom(CODE.slice(1))).toBeUndefined();
    expect(balanceCodeFrom(`${CODE}0`)).toBeUndefined();
    // U is not in Crockford's alphabet.
    expect(balanceCodeFrom(`${CODE.slice(0, 25)}U`)).toBeUndefined();
    expect(balanceCodeFrom('https://x.example/other/path')).toBeUndefined();
    expect(balanceCodeFrom('https://x.example/guthaben?code=%E0%A4%A')).toBeUndefined();
  });
});

describe('balanceCheckRequestSchema', () => {
  it('parses to the normalised code', () => {
    expect(balanceCheckRequestSchema.parse({ code: `  https://gm.example/qr/${CODE.toLowerCase()} ` })).toEqual({
      code: CODE,
    });
  });

  it('answers the German messages on the code field', () => {
    const empty = balanceCheckRequestSchema.safeParse({ code: '   ' });
    expect(empty.success).toBe(false);
    expect(toFieldErrors(empty.error!)).toEqual({ code: [MSG.required] });
    const missing = balanceCheckRequestSchema.safeParse({});
    expect(toFieldErrors(missing.error!)).toEqual({ code: [MSG.required] });
    const malformed = balanceCheckRequestSchema.safeParse({ code: 'ABC' });
    expect(toFieldErrors(malformed.error!)).toEqual({ code: [BALANCE_TEXT.invalidCode] });
    const long = balanceCheckRequestSchema.safeParse({ code: 'A'.repeat(501) });
    expect(toFieldErrors(long.error!)).toEqual({ code: [MSG.max(500)] });
  });
});

describe('balanceCheckResponseSchema', () => {
  it('has no field that could name the holder', () => {
    const fields = Object.keys(balanceCheckResponseSchema.shape);
    for (const secret of ['owner', 'owner_user_id', 'owner_guest_email', 'email', 'order_no', 'order_id', 'from_name'])
      expect(fields).not.toContain(secret);
    expect(Object.keys(balanceCheckResponseSchema.shape.seller.shape)).toEqual(['id', 'company_name']);
  });
});

describe('balanceCheckUrl', () => {
  it('builds the link the PDF and the mails carry', () => {
    expect(balanceCheckUrl('https://gutscheinmarkt.at/', CODE)).toBe(`https://gutscheinmarkt.at/guthaben?code=${CODE}`);
  });
});
