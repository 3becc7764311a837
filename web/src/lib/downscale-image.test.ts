import { describe, expect, it } from 'vitest';
import { encodeWithinBudget, fitWithin, jpegName, type Encoding } from './downscale-image.ts';

describe('fitWithin', () => {
  it('scales the long side down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
  });
});

describe('encodeWithinBudget', () => {
  const ladder: Encoding[] = [
    { maxSide: 2000, quality: 0.85 },
    { maxSide: 1600, quality: 0.75 },
  ];

  it('keeps the best encoding that fits the budget', async () => {
    const tried: Encoding[] = [];
    const blob = await encodeWithinBudget(
      async (e) => (tried.push(e), new Blob([new Uint8Array(e.maxSide === 2000 ? 900 : 500)])),
      ladder,
      1000,
    );
    expect(blob?.size).toBe(900);
    expect(tried).toEqual([ladder[0]]);
  });

  it('falls back to smaller encodings, and gives up when none fits', async () => {
    const sizes = new Map([
      [2000, 1500],
      [1600, 800],
    ]);
    expect(
      (await encodeWithinBudget(async (e) => new Blob([new Uint8Array(sizes.get(e.maxSide) ?? 0)]), ladder, 1000))
        ?.size,
    ).toBe(800);
    expect(await encodeWithinBudget(async () => new Blob([new Uint8Array(2000)]), ladder, 1000)).toBeUndefined();
  });
});

describe('jpegName', () => {
  it('replaces the extension', () => {
    expect(jpegName('Ausweis vorne.PNG')).toBe('Ausweis vorne.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
  });
});
