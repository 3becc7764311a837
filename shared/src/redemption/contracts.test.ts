import { describe, expect, it } from 'vitest';
import { cameraErrorKind, redeemRequestSchema, voucherCodeFrom } from './contracts.ts';

describe('voucherCodeFrom', () => {
  it('takes the code out of a QR URL on any host, or a typed code, normalised like Crockford base32', () => {
    expect(voucherCodeFrom('https://gutscheinmarkt.example/qr/01ABCDEFGH')).toBe('01ABCDEFGH');
    expect(voucherCodeFrom('http://localhost:5173/qr/01abc?x=1')).toBe('01ABC');
    expect(voucherCodeFrom('  01ab-cdIL o ')).toBe('01ABCD110');
    expect(voucherCodeFrom('')).toBeUndefined();
    expect(voucherCodeFrom('https://x.example/other/path')).toBeUndefined();
  });
});

describe('cameraErrorKind', () => {
  it('maps getUserMedia failures to the spec camera errors', () => {
    expect(cameraErrorKind('NotAllowedError')).toBe('permissionDenied');
    expect(cameraErrorKind('NotFoundError')).toBe('noCamera');
    expect(cameraErrorKind('NotReadableError')).toBe('inUse');
    expect(cameraErrorKind('OverconstrainedError')).toBe('unsuitable');
    expect(cameraErrorKind('InsecureContextError')).toBe('secureContext');
    expect(cameraErrorKind('NotSupportedError')).toBe('unsupported');
    expect(cameraErrorKind('Whatever')).toBe('unknown');
  });
});

describe('redeemRequestSchema', () => {
  it('needs at least 1 € (100 cents) or 1 unit', () => {
    expect(redeemRequestSchema.safeParse({ order_id: 'a', value: 99 }).success).toBe(false);
    expect(redeemRequestSchema.safeParse({ order_id: 'a', value: 100 }).success).toBe(true);
    expect(redeemRequestSchema.safeParse({ order_id: 'a', qty: 0 }).success).toBe(false);
    expect(redeemRequestSchema.safeParse({ order_id: '', qty: 1 }).success).toBe(false);
  });
});
