import { crc32, inflateSync } from 'node:zlib';
// The decoder alone: the package's index also loads its encoder (7.7 KB minified in every upload bundle).
import decodeJpeg from 'jpeg-js/lib/decoder.js';
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
 * limits BEFORE decoding (a 20 000 × 20 000 header would otherwise allocate gigabytes), then every
 * byte of the image data (PNG: every chunk's CRC, the zlib stream inflated completely to exactly the
 * header's scanlines, every filter byte and palette index — `pngDataProblem`; JPEG: a full strict
 * decode of every scan with jpeg-js, not tolerant), and no markup anywhere in the bytes. Pure: no I/O.
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
  if (isPng(structure)) {
    const problem = pngDataProblem(structure);
    return problem ? refuse(problem) : { ok: true, width, height };
  }
  try {
    const decoded = decodeJpeg(bytes, {
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

/**
 * A PNG as its chunks describe it (`pngStructure`): the header's fields, the palette, the image data.
 *
 * PNG is verified by our own code rather than decoded with pngjs (issue 15): pngjs brought 29 KB
 * (its encoder, stream parser and pixel conversion) into every upload bundle to produce RGBA pixels
 * we never use, and still needed `pngDataProblem` beside it (it accepted short image data). Every check
 * pngjs made is here (signature, IHDR first and valid, CRCs, no unknown critical chunk, PLTE before
 * IDAT for palette images, tRNS rules, the zlib stream, filter types, palette indices), several it
 * did not (exact data size, nothing after the zlib stream, spec'd bit depth per colour type, chunk
 * order), all over node:zlib (inflate, CRC-32) — native code doing the heavy part.
 */
type Png = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** Palette entries (PLTE length / 3); 0 without PLTE. */
  paletteEntries: number;
  idat: Uint8Array[];
};

/** The bit depths the PNG specification allows per colour type (grey, RGB, palette, grey + alpha, RGBA). */
const PNG_BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The length of tRNS per colour type (for palette images: at most one byte per palette entry). */
const TRNS_LENGTH: Record<number, number> = { 0: 2, 2: 6 };
const KNOWN_CRITICAL = ['IHDR', 'PLTE', 'IDAT', 'IEND'];

/**
 * Walks the PNG chunks: signature; every chunk complete, its type four ASCII letters and its CRC
 * right; IHDR first (once, valid), PLTE at most once before the image data and as the colour type
 * allows, tRNS and gAMA well-formed, no critical chunk we do not know, the IDATs consecutive, IEND
 * (empty) last and the file's end.
 */
function pngStructure(bytes: Uint8Array): Png | Failure {
  if (bytes.length < 8 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return refuse('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let png: Png | undefined;
  let previous = '';
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) return refuse(`chunk type at ${offset} is not four letters`);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return refuse(`chunk ${type} truncated`);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) {
      return refuse(`chunk ${type} has a wrong CRC`);
    }
    if (!png) {
      if (type !== 'IHDR' || length !== 13) return refuse('IHDR is not the first chunk');
      const header = ihdr(data);
      if ('ok' in header) return header;
      png = header;
    } else if (type === 'IHDR') return refuse('a second IHDR');
    else if (type === 'PLTE') {
      if (png.paletteEntries > 0 || png.idat.length > 0) return refuse('PLTE repeated or after IDAT');
      const entries = length / 3;
      const allowed = png.colorType === 3 ? 1 << png.bitDepth : png.colorType === 0 || png.colorType === 4 ? 0 : 256;
      if (!Number.isInteger(entries) || entries < 1 || entries > allowed) return refuse('PLTE invalid for the header');
      png.paletteEntries = entries;
    } else if (type === 'IDAT') {
      if (png.idat.length > 0 && previous !== 'IDAT') return refuse('IDAT chunks not consecutive');
      if (png.colorType === 3 && png.paletteEntries === 0) return refuse('palette image without PLTE');
      png.idat.push(data);
    } else if (type === 'tRNS') {
      const problem =
        png.colorType === 3
          ? png.paletteEntries === 0 || length > png.paletteEntries
          : png.colorType in TRNS_LENGTH && length !== TRNS_LENGTH[png.colorType];
      if (problem || png.idat.length > 0) return refuse('tRNS invalid for the header');
    } else if (type === 'gAMA') {
      if (length !== 4) return refuse('gAMA invalid');
    } else if (type === 'IEND') {
      if (length !== 0) return refuse('IEND not empty');
      return end === bytes.length ? png : refuse(`${bytes.length - end} bytes after IEND`);
    } else if (KNOWN_CRITICAL.every((known) => known !== type) && (bytes[offset + 4]! & 0x20) === 0) {
      return refuse(`unknown critical chunk ${type}`);
    }
    previous = type;
    offset = end;
  }
  return refuse('no IEND: truncated');
}

/** The IHDR's fields, each as the specification allows it. */
function ihdr(data: Uint8Array): Png | Failure {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const [bitDepth, colorType, compression, filter, interlace] = data.subarray(8, 13);
  if (!PNG_BIT_DEPTHS[colorType!]?.includes(bitDepth!)) return refuse('unsupported colour type or bit depth');
  if (compression !== 0 || filter !== 0 || interlace! > 1)
    return refuse('unknown compression, filter or interlace method');
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  if (width > 0x7fffffff || height > 0x7fffffff) return refuse('IHDR size out of range');
  return {
    width,
    height,
    bitDepth: bitDepth!,
    colorType: colorType!,
    interlaced: interlace === 1,
    paletteEntries: 0,
    idat: [],
  };
}

const isPng = (value: object): value is Png => 'idat' in value;

/** The Adam7 passes: first column and row, column and row step. */
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
 * The image data: the IDATs' zlib stream inflates completely (its Adler-32 checked by zlib, nothing
 * after its end) to exactly the scanlines the header implies (per Adam7 pass when interlaced), each
 * scanline starts with a filter type 0–4, and a palette image's pixels index its palette. Inflating
 * stops one byte past the expected size, so a decompression bomb costs nothing. Image data that ends
 * early is refused: pngjs accepted it (measured: an 8 × 6 image whose IHDR claims 100 × 100 sometimes
 * decoded "fine", the rest of the pixels from uninitialised memory).
 */
function pngDataProblem(png: Png): string | undefined {
  if (png.idat.length === 0) return 'no IDAT';
  const bitsPerPixel = PNG_CHANNELS[png.colorType]! * png.bitDepth;
  const passes = (
    png.interlaced
      ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((png.width - x0) / dx), Math.ceil((png.height - y0) / dy)])
      : [[png.width, png.height]]
  ).filter(([width, height]) => width! > 0 && height! > 0) as [number, number][];
  const rowBytes = (width: number) => Math.ceil((width * bitsPerPixel) / 8);
  const expected = passes.reduce((sum, [width, height]) => sum + height * (1 + rowBytes(width)), 0);
  const stream = Buffer.concat(png.idat);
  let inflated: Buffer;
  try {
    const { buffer, engine } = inflateSync(stream, { maxOutputLength: expected, info: true }) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    if (engine.bytesWritten !== stream.length)
      return `${stream.length - engine.bytesWritten} bytes after the image data`;
    inflated = buffer;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      return `image data is longer than ${expected} bytes`;
    return `image data does not inflate: ${(error as Error).message}`;
  }
  if (inflated.length !== expected) return `image data is ${inflated.length} bytes, not ${expected}`;
  let offset = 0;
  for (const [width, height] of passes) {
    const length = rowBytes(width);
    // Palette images only: their pixels must be unfiltered to read the indices (1 byte per pixel at most).
    let prior: Uint8Array | undefined = png.colorType === 3 ? new Uint8Array(length) : undefined;
    for (let y = 0; y < height; y++, offset += 1 + length) {
      const filter = inflated[offset]!;
      if (filter > 4) return `scanline ${y} has filter type ${filter}`;
      if (!prior) continue;
      const row = unfilter(filter, inflated.subarray(offset + 1, offset + 1 + length), prior);
      const entries = png.paletteEntries;
      for (let x = 0; x < width; x++) {
        const bit = x * png.bitDepth;
        const index = (row[bit >> 3]! >> (8 - png.bitDepth - (bit & 7))) & ((1 << png.bitDepth) - 1);
        if (index >= entries) return `palette index ${index} not in the palette of ${entries}`;
      }
      prior = row;
    }
  }
  return undefined;
}

/** One scanline of a palette image unfiltered (one byte per pixel or less: the left neighbour is the previous byte). */
function unfilter(filter: number, filtered: Uint8Array, prior: Uint8Array): Uint8Array {
  const row = new Uint8Array(filtered.length);
  for (let i = 0; i < row.length; i++) {
    const left = i > 0 ? row[i - 1]! : 0;
    const up = prior[i]!;
    const upLeft = i > 0 ? prior[i - 1]! : 0;
    let predictor = 0;
    if (filter === 1) predictor = left;
    else if (filter === 2) predictor = up;
    else if (filter === 3) predictor = (left + up) >> 1;
    else if (filter === 4) {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    row[i] = (filtered[i]! + predictor) & 255;
  }
  return row;
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
