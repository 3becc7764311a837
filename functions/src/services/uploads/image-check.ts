import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@gm/shared/uploads/contracts';

/**
 * Why an uploaded file is refused: `type` — not a complete, well-formed image of the declared type
 * (wrong magic number, truncated, broken chunks or scan data, bytes after the end marker, markup
 * inside); `dimensions` — decodable in principle, but more pixels than we decode (MAX_IMAGE_*).
 */
export type ImageCheck =
  { ok: true; width: number; height: number } | { ok: false; reason: 'type' | 'dimensions'; detail: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Markup that makes a file a polyglot (an image that is also an HTML/SVG/PHP document). Compressed
 * pixel data practically never holds these byte sequences (≈ 2⁻⁴⁰ per position), so they only appear
 * where someone wrote text on purpose: in a PNG text chunk, a JPEG comment or EXIF field.
 */
const MARKUP = ['<html', '<script', '<!doctype', '<iframe', '<body', '<svg', '<object', '<embed', '<?php'];

type Failure = Extract<ImageCheck, { ok: false }>;
const refuse = (detail: string, reason: Failure['reason'] = 'type'): Failure => ({ ok: false, reason, detail });

/**
 * Checks an uploaded image completely before it may be published: the declared type's structure from
 * the first to the last byte (nothing after PNG's IEND or JPEG's EOI), the dimensions against the
 * limits BEFORE decoding (a 20 000 × 20 000 header would otherwise allocate gigabytes), then a full
 * strict decode of every pixel (pngjs: CRCs, zlib stream, filters; jpeg-js: every scan, not tolerant),
 * and no markup anywhere in the bytes. Pure: no I/O.
 */
export function checkImage(bytes: Uint8Array, contentType: string): ImageCheck {
  const structure =
    contentType === 'image/png' ? pngStructure(bytes) : contentType === 'image/jpeg' ? jpegStructure(bytes) : undefined;
  if (!structure) return refuse(`unsupported type ${contentType}`);
  if ('ok' in structure) return structure;
  const { width, height } = structure;
  if (width < 1 || height < 1) return refuse('empty image');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return refuse(`${width}x${height} exceeds the limits`, 'dimensions');
  }
  const markup = findMarkup(bytes);
  if (markup) return refuse(`contains ${markup}`);
  if (isPngHeader(structure)) {
    const problem = pngDataProblem(structure);
    if (problem) return refuse(problem);
  }
  try {
    const decoded =
      contentType === 'image/png'
        ? PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
        : jpeg.decode(bytes, {
            useTArray: true,
            tolerantDecoding: false,
            formatAsRGBA: false,
            maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
            maxMemoryUsageInMB: 256,
          });
    if (decoded.width !== width || decoded.height !== height) return refuse('decoded size differs from the header');
  } catch (error) {
    return refuse(`does not decode: ${(error as Error).message}`);
  }
  return { ok: true, width, height };
}

/** Walks the PNG chunks: signature, IHDR first, every chunk complete, IEND last and the file's end. */
type PngHeader = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  idat: Uint8Array[];
};

function pngStructure(bytes: Uint8Array): PngHeader | Failure {
  if (bytes.length < 8 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return refuse('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let size: PngHeader | undefined;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) return refuse(`chunk ${/^[A-Za-z]{4}$/.test(type) ? type : '?'} truncated`);
    if (!size) {
      if (type !== 'IHDR' || length !== 13) return refuse('IHDR is not the first chunk');
      size = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        bitDepth: bytes[offset + 16]!,
        colorType: bytes[offset + 17]!,
        interlaced: bytes[offset + 20] === 1,
        idat: [],
      };
    }
    if (type === 'IDAT') size.idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (type === 'IEND') return end === bytes.length ? size : refuse(`${bytes.length - end} bytes after IEND`);
    offset = end;
  }
  return refuse('no IEND: truncated');
}

const isPngHeader = (value: object): value is PngHeader => 'idat' in value;

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The image data must inflate to exactly the size the header implies: pngjs accepts a stream that
 * ends early (measured: an 8 × 6 image whose IHDR claims 100 × 100 sometimes decoded "fine", the rest
 * of the pixels from uninitialised memory). Inflating stops one byte past the expected size, so a
 * decompression bomb costs nothing.
 */
function pngDataProblem(png: PngHeader): string | undefined {
  const channels = PNG_CHANNELS[png.colorType];
  if (!channels || ![1, 2, 4, 8, 16].includes(png.bitDepth)) return 'unsupported colour type or bit depth';
  const bitsPerPixel = channels * png.bitDepth;
  const rowBytes = (width: number) => (width === 0 ? 0 : 1 + Math.ceil((width * bitsPerPixel) / 8));
  const expected = png.interlaced
    ? ADAM7.reduce((sum, [x0, y0, dx, dy]) => {
        const width = Math.ceil((png.width - x0) / dx);
        const height = Math.ceil((png.height - y0) / dy);
        return width > 0 && height > 0 ? sum + height * rowBytes(width) : sum;
      }, 0)
    : png.height * rowBytes(png.width);
  if (png.idat.length === 0) return 'no IDAT';
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(png.idat), { maxOutputLength: expected + 1 });
  } catch (error) {
    return `image data does not inflate: ${(error as Error).message}`;
  }
  return inflated.length === expected ? undefined : `image data is ${inflated.length} bytes, not ${expected}`;
}

/**
 * Walks the JPEG markers: SOI, segments with their lengths, the entropy-coded data of each scan
 * (0xFF is followed by 0x00 or a restart marker inside it), EOI last and the file's end. A JPEG
 * embedded in an EXIF thumbnail sits inside its APP1 segment and is skipped with it.
 */
function jpegStructure(bytes: Uint8Array): { width: number; height: number } | Failure {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return refuse('no JPEG SOI');
  let offset = 2;
  let size: { width: number; height: number } | undefined;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return refuse(`no marker at ${offset}`);
    const marker = bytes[offset + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!size) return refuse('EOI before a frame');
      return offset + 2 === bytes.length ? size : refuse(`${bytes.length - offset - 2} bytes after EOI`);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // TEM and stray restart markers have no length
      continue;
    }
    if (offset + 4 > bytes.length) break;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return refuse(`segment ${marker.toString(16)} truncated`);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) return refuse('frame header too short');
      size = {
        height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
        width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!,
      };
    }
    offset = end;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker that is neither a stuffed 0xFF00 nor RSTn.
      while (offset + 1 < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset + 1 >= bytes.length) break;
    }
  }
  return refuse('no EOI: truncated');
}

/** The first markup signature in the bytes, ASCII case-insensitive; undefined when there is none. */
export function findMarkup(bytes: Uint8Array): string | undefined {
  // Buffer#indexOf runs natively; latin1 keeps one character per byte, lower-casing only ASCII letters.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').toLowerCase();
  return MARKUP.find((needle) => text.includes(needle));
}
