import { deflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import pako, { deflate, inflate } from './pako-zlib.ts';

const text = new TextEncoder().encode('BT /F1 12 Tf 40 800 Td (Gutschein) Tj ET\n'.repeat(50));

// pdf-lib against the real pako and against this module: scripts/test/pdf-bundle.test.ts.
describe('pako on Node zlib', () => {
  it('deflates to the zlib format (header, Adler-32) as plain Uint8Arrays, and inflates it', () => {
    const ours = deflate(text);
    expect(ours).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(ours)).toBe(false);
    expect(ours[0]).toBe(0x78);
    expect(new Uint8Array(inflateSync(ours))).toEqual(text);
    expect(inflate(ours)).toEqual(text);
    expect(() => inflate(deflateRawSync(text))).toThrow();
    expect(pako.inflate(pako.deflate(text, { level: 0 }))).toEqual(text);
    expect(deflate(text, { level: 0 }).length).toBeGreaterThan(text.length);
  });
});
