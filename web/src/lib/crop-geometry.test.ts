import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  coverScale,
  cropFrame,
  initialCrop,
  outputCanvasSize,
  panBy,
  sourceRect,
  zoomTo,
} from './crop-geometry.ts';

const viewport = { width: 328, height: 305 };
const background = { width: 730, height: 676.34 };

describe('crop geometry', () => {
  it('fits a frame of the output aspect into the viewport', () => {
    const frame = cropFrame(viewport, background);
    expect(frame.width).toBe(328);
    expect(frame.height).toBeCloseTo(328 / (730 / 676.34), 6);
    expect(frame.y).toBeCloseTo((305 - frame.height) / 2, 6);
    const square = cropFrame({ width: 240, height: 200 }, { width: 200, height: 200 });
    expect(square).toEqual({ x: 20, y: 0, width: 200, height: 200 });
  });

  it('starts centred at zoom 1 with the image covering the frame', () => {
    const frame = cropFrame(viewport, background);
    const image = { width: 2000, height: 1000 };
    const crop = initialCrop(image, frame);
    const scale = coverScale(image, frame);
    expect(scale).toBeCloseTo(frame.height / 1000, 9);
    expect(crop.zoom).toBe(1);
    expect(crop.y).toBeCloseTo(frame.y, 9);
    expect(crop.x).toBeCloseTo(frame.x + (frame.width - 2000 * scale) / 2, 9);
    const source = sourceRect(crop, image, frame);
    expect(source.height).toBeCloseTo(1000, 6);
    expect(source.width / source.height).toBeCloseTo(730 / 676.34, 6);
    expect(source.x).toBeCloseTo((2000 - source.width) / 2, 6);
  });

  it('never lets the image leave a gap inside the frame', () => {
    const frame = cropFrame(viewport, background);
    const image = { width: 1000, height: 1000 };
    const start = initialCrop(image, frame);
    const pushedRight = panBy(start, 500, 500, image, frame);
    expect(pushedRight.x).toBeCloseTo(frame.x, 9);
    expect(pushedRight.y).toBeCloseTo(frame.y, 9);
    const pushedLeft = panBy(start, -5000, -5000, image, frame);
    const source = sourceRect(pushedLeft, image, frame);
    expect(source.y + source.height).toBeCloseTo(1000, 6);
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, image, frame).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, image, frame).zoom).toBe(1);
  });

  it('zooms around the frame centre, so the centre of the crop stays put', () => {
    const frame = cropFrame(viewport, background);
    const image = { width: 3000, height: 2000 };
    const start = initialCrop(image, frame);
    const before = sourceRect(start, image, frame);
    const zoomed = zoomTo(start, 2, image, frame);
    const after = sourceRect(zoomed, image, frame);
    expect(after.width).toBeCloseTo(before.width / 2, 6);
    expect(after.x + after.width / 2).toBeCloseTo(before.x + before.width / 2, 6);
    expect(after.y + after.height / 2).toBeCloseTo(before.y + before.height / 2, 6);
  });

  it('draws into whole-pixel canvases', () => {
    expect(outputCanvasSize(background)).toEqual({ width: 730, height: 676 });
    expect(outputCanvasSize({ width: 200, height: 200 })).toEqual({ width: 200, height: 200 });
  });
});
