import * as pdfLib from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdfStack, loadQrEncoder, rgb } from './pdf-stack.ts';

describe('PDF stack', () => {
  it('makes the colours pdf-lib makes, and refuses what pdf-lib refuses', () => {
    for (const [r, g, b] of [
      [0, 0, 0],
      [1, 1, 1],
      [0.11, 0.31, 0.33],
      [29 / 255, 79 / 255, 85 / 255],
    ] as const)
      expect(rgb(r, g, b)).toStrictEqual(pdfLib.rgb(r, g, b));
    for (const bad of [-0.1, 1.1, Number.NaN]) {
      expect(() => pdfLib.rgb(bad, 0, 0)).toThrow();
      expect(() => rgb(bad, 0, 0)).toThrow(/red/);
    }
  });

  it('loads pdf-lib and the QR encoder once', async () => {
    const first = loadPdfStack();
    expect(loadPdfStack()).toBe(first);
    expect((await first).PDFDocument).toBe(pdfLib.PDFDocument);
    const encoder = loadQrEncoder();
    expect(loadQrEncoder()).toBe(encoder);
    expect((await encoder)('x', { errorCorrectionLevel: 'M' }).modules.size).toBeGreaterThan(0);
  });
});
