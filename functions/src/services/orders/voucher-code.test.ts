import { describe, expect, it } from 'vitest';
import { encodeCrockford, newVoucherCode, VOUCHER_CODE_LENGTH, voucherQrUrl } from './voucher-code.ts';

describe('voucher codes', () => {
  it('encodes 16 random bytes as 26 Crockford base32 characters', () => {
    const code = newVoucherCode();
    expect(code).toHaveLength(VOUCHER_CODE_LENGTH);
    expect(code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{26}$/);
  });

  it('uses all 128 bits: every byte changes the code, known vectors match', () => {
    expect(encodeCrockford(new Uint8Array(16))).toBe('0'.repeat(26));
    expect(encodeCrockford(new Uint8Array(16).fill(255))).toBe(`${'Z'.repeat(25)}W`);
    expect(encodeCrockford(Uint8Array.from([0xf8]))).toBe('Z0');
    const seen = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const bytes = new Uint8Array(16);
      bytes[i] = 1;
      seen.add(encodeCrockford(bytes));
    }
    expect(seen.size).toBe(16);
  });

  it('draws fresh randomness each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newVoucherCode()));
    expect(codes.size).toBe(1000);
  });

  it('builds the QR URL under the app', () => {
    expect(voucherQrUrl('https://gm.example/', 'ABC')).toBe('https://gm.example/qr/ABC');
  });
});
