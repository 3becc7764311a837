import { randomBytes } from 'node:crypto';

/** Crockford base32 (no I, L, O, U): what staff type at the till and what the QR URL carries. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 random bytes (128 bits) as 26 Crockford base32 characters (issue 4: codes must be unguessable). */
export const VOUCHER_CODE_LENGTH = 26;

export function encodeCrockford(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD[(buffer << (5 - bits)) & 31];
  return out;
}

export function newVoucherCode(random: (size: number) => Uint8Array = randomBytes): string {
  return encodeCrockford(random(16));
}

/** What a QR code on the voucher points to. */
export function voucherQrUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}/qr/${code}`;
}
