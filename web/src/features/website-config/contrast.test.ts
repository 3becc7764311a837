import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';

describe('contrastRatio', () => {
  it('measures the WCAG ratio of two hex colours', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#1D4F55', '#fff')).toBeGreaterThan(8);
    expect(contrastRatio('#22553a', '#000')).toBeLessThan(3);
    expect(contrastRatio('red', '#fff')).toBeUndefined();
  });
});
