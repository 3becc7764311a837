import { describe, expect, it } from 'vitest';
import { employeeClaimFrom, employeeQrUrl, normaliseClaimNo } from './employee-vouchers.ts';

describe('employee QR', () => {
  it('round-trips the two claim numbers through the QR URL', () => {
    const url = employeeQrUrl('https://gutscheinmarkt.at/', 'ABCD1234', 'WXYZ5678');
    expect(url).toBe('https://gutscheinmarkt.at/e/ABCD1234/WXYZ5678');
    expect(employeeClaimFrom(url)).toEqual({ voucherClaimNo: 'ABCD1234', userClaimNo: 'WXYZ5678' });
  });

  it('accepts the typed form and maps look-alikes; refuses voucher codes and other URLs', () => {
    expect(employeeClaimFrom('abcd-1234/wxyz-567o')).toEqual({ voucherClaimNo: 'ABCD1234', userClaimNo: 'WXYZ5670' });
    expect(employeeClaimFrom('https://gutscheinmarkt.at/qr/ABCDEFGH')).toBeUndefined();
    expect(employeeClaimFrom('ABCDEFGHJKMN')).toBeUndefined();
    expect(employeeClaimFrom('https://x.at/e/ABCD1234')).toBeUndefined();
  });

  it('normalises claim numbers to 8 Crockford characters', () => {
    expect(normaliseClaimNo(' il0o-abcd ')).toBe('1100ABCD');
    expect(normaliseClaimNo('ABCDEFGU')).toBeUndefined();
    expect(normaliseClaimNo('ABC')).toBeUndefined();
  });
});
