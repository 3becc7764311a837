/**
 * Geometry of the image cropper (02 §9): the image is scaled to cover a crop frame of the output's aspect
 * ratio inside the viewport, and can be zoomed and moved but never leave a gap inside the frame.
 * All values are in viewport units (CSS pixels of the unscaled viewport), except `sourceRect` (image pixels).
 */
export type Size = { width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };
/** `x`/`y`: where the image's top-left corner sits in the viewport; `zoom` ≥ 1 multiplies the cover scale. */
export type CropState = { zoom: number; x: number; y: number };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The largest rectangle with the output's aspect ratio, centred in the viewport. */
export function cropFrame(viewport: Size, output: Size): Rect {
  const aspect = output.width / output.height;
  let width = viewport.width;
  let height = width / aspect;
  if (height > viewport.height) {
    height = viewport.height;
    width = height * aspect;
  }
  return { x: (viewport.width - width) / 2, y: (viewport.height - height) / 2, width, height };
}

/** The scale at zoom 1: the image just covers the frame. */
export function coverScale(image: Size, frame: Rect): number {
  return Math.max(frame.width / image.width, frame.height / image.height);
}

export function scaleOf(state: CropState, image: Size, frame: Rect): number {
  return coverScale(image, frame) * state.zoom;
}

const clampNumber = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the zoom in range and the image covering the frame. */
export function clampCrop(state: CropState, image: Size, frame: Rect): CropState {
  const zoom = clampNumber(state.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = coverScale(image, frame) * zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  return {
    zoom,
    x: clampNumber(state.x, frame.x + frame.width - width, frame.x),
    y: clampNumber(state.y, frame.y + frame.height - height, frame.y),
  };
}

/** Zoom 1, image centred on the frame. */
export function initialCrop(image: Size, frame: Rect): CropState {
  const scale = coverScale(image, frame);
  return clampCrop(
    {
      zoom: 1,
      x: frame.x + (frame.width - image.width * scale) / 2,
      y: frame.y + (frame.height - image.height * scale) / 2,
    },
    image,
    frame,
  );
}

/** Moves the image by a viewport delta. */
export function panBy(state: CropState, dx: number, dy: number, image: Size, frame: Rect): CropState {
  return clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, image, frame);
}

/** Changes the zoom while the image point under `anchor` (default: the frame centre) stays where it is. */
export function zoomTo(
  state: CropState,
  zoom: number,
  image: Size,
  frame: Rect,
  anchor?: { x: number; y: number },
): CropState {
  const target = clampNumber(zoom, MIN_ZOOM, MAX_ZOOM);
  const point = anchor ?? { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
  const ratio = target / state.zoom;
  return clampCrop(
    { zoom: target, x: point.x - (point.x - state.x) * ratio, y: point.y - (point.y - state.y) * ratio },
    image,
    frame,
  );
}

/** The part of the image (in image pixels) that the frame shows; this is what gets drawn into the output. */
export function sourceRect(state: CropState, image: Size, frame: Rect): Rect {
  const scale = scaleOf(state, image, frame);
  const x = (frame.x - state.x) / scale;
  const y = (frame.y - state.y) / scale;
  return {
    x: clampNumber(x, 0, image.width),
    y: clampNumber(y, 0, image.height),
    width: Math.min(frame.width / scale, image.width - Math.max(0, x)),
    height: Math.min(frame.height / scale, image.height - Math.max(0, y)),
  };
}

/** Canvas sizes are whole pixels: 730 × 676.34 becomes a 730 × 676 canvas. */
export function outputCanvasSize(output: Size): Size {
  return { width: Math.round(output.width), height: Math.round(output.height) };
}
