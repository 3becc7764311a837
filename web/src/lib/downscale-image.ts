/**
 * Shrinks photos in the browser before they are sent (ID documents at seller registration): the
 * long side to at most `maxSide` pixels, re-encoded as JPEG. Re-encoding also drops the EXIF data
 * (camera, location) of the original. A file the browser cannot decode is not an image.
 */

export type Size = { width: number; height: number };

/** The size that fits into `maxSide` × `maxSide`, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export type Encoding = { maxSide: number; quality: number };

/**
 * Tries the encodings in order and keeps the first result within `budgetBytes`; undefined when
 * even the smallest is too large.
 */
export async function encodeWithinBudget(
  encode: (encoding: Encoding) => Promise<Blob>,
  encodings: readonly Encoding[],
  budgetBytes: number,
): Promise<Blob | undefined> {
  for (const encoding of encodings) {
    const blob = await encode(encoding);
    if (blob.size <= budgetBytes) return blob;
  }
  return undefined;
}

/** `ausweis.PNG` → `ausweis.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'foto';
  return `${base}.jpg`;
}

/** Decodes the file (EXIF orientation applied) and encodes it as JPEG on a white background. */
async function toJpeg(bitmap: ImageBitmap, { maxSide, quality }: Encoding): Promise<Blob> {
  const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  // JPEG has no transparency: transparent PNG areas become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('JPEG encoding failed');
  return blob;
}

export class NotAnImageError extends Error {
  constructor() {
    super('not a decodable image');
    this.name = 'NotAnImageError';
  }
}

/**
 * The photo as a JPEG within `budgetBytes`, trying the encodings from best to smallest; undefined
 * when it cannot get that small. Throws NotAnImageError for a file that is no image.
 */
export async function downscalePhoto(
  file: Blob & { name?: string },
  encodings: readonly Encoding[],
  budgetBytes: number,
): Promise<File | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError();
  }
  try {
    const blob = await encodeWithinBudget((encoding) => toJpeg(bitmap, encoding), encodings, budgetBytes);
    return blob
      ? new File([blob], jpegName(file.name ?? 'foto'), { type: 'image/jpeg', lastModified: Date.now() })
      : undefined;
  } finally {
    bitmap.close();
  }
}
