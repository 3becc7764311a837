import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@gm/shared/uploads/contracts';
import { UPLOAD_FIT_SIDE, uploadSize } from './upload-image.ts';

describe('uploadSize', () => {
  it('keeps images that fit and the spec’s crops unchanged', () => {
    expect(uploadSize(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(uploadSize(730, 676)).toEqual({ width: 730, height: 676 });
    expect(uploadSize(2560, 1920)).toEqual({ width: 2560, height: 1920 });
  });

  it('scales phone photos and squares down to what the server decodes, keeping the aspect ratio', () => {
    for (const [width, height] of [
      [4032, 3024],
      [3024, 4032],
      [4000, 4000],
      [8000, 1000],
      [2600, 2600],
    ] as const) {
      const size = uploadSize(width, height);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(Math.min(UPLOAD_FIT_SIDE, MAX_IMAGE_SIDE));
      expect(size.width * size.height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
      expect(size.width / size.height).toBeCloseTo(width / height, 1);
    }
    expect(uploadSize(4032, 3024)).toEqual({ width: 2560, height: 1920 });
  });
});
