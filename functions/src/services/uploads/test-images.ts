import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Test fixtures only (unit and integration tests; no handler imports this).
 * Real images for tests of the upload flow: the server decodes every upload in full (issue 14), so a
 * few magic bytes are no longer an image. Pixels are a gradient (no markup can appear in them).
 */
export function testPng(options: { width?: number; height?: number; size?: number } = {}): Uint8Array<ArrayBuffer> {
  const { width = 8, height = 6 } = options;
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([(i * 5) & 255, (i * 3) & 255, 120, 255], i * 4);
  const bytes = new Uint8Array(PNG.sync.write(png));
  return options.size ? padPng(bytes, options.size) : bytes;
}

export function testJpeg(options: { width?: number; height?: number } = {}): Uint8Array<ArrayBuffer> {
  const { width = 8, height = 6 } = options;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 5) & 255, (i * 3) & 255, 120, 255], i * 4);
  return new Uint8Array(jpeg.encode({ width, height, data }, 80).data);
}

/**
 * The PNG grown to exactly `size` bytes by a private ancillary chunk of zeros before IEND (a valid
 * PNG: decoders skip unknown ancillary chunks), for tests of byte limits.
 */
function padPng(png: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  const iend = png.length - 12;
  const dataLength = size - png.length - 12;
  if (dataLength < 0) throw new Error(`a PNG of ${size} bytes is smaller than the image itself`);
  const chunk = new Uint8Array(12 + dataLength);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, dataLength);
  chunk.set([0x70, 0x72, 0x56, 0x74], 4); // 'prVt': ancillary, private, safe to copy
  view.setUint32(8 + dataLength, crc32(chunk.subarray(4, 8 + dataLength)));
  const out = new Uint8Array(size);
  out.set(png.subarray(0, iend));
  out.set(chunk, iend);
  out.set(png.subarray(iend), iend + chunk.length);
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A PNG written byte by byte (pngjs writes neither interlaced nor low-bit-depth images): row `n` of
 * each pass with filter type `filters[n % filters.length]` (default: 0 throughout), Adam7 passes when
 * `interlaced`. `sample(x, y)` answers the pixel's samples.
 */
export function rawPng(options: {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  filters?: number[];
  sample: (x: number, y: number) => number[];
}): Uint8Array<ArrayBuffer> {
  const filters = options.filters ?? [0];
  const { width, height, colorType, bitDepth } = options;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const passes = options.interlaced
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  const rows: number[] = [];
  // Bytes per complete pixel for the filters (1 below 8 bits per pixel).
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    let prior: number[] = [];
    for (let y = y0, n = 0; y < height; y += dy, n++) {
      const bits: number[] = [];
      for (let x = x0; x < width; x += dx) {
        for (const value of options.sample(x, y).slice(0, channels)) {
          for (let bit = bitDepth - 1; bit >= 0; bit--) bits.push((value >> bit) & 1);
        }
      }
      if (bits.length === 0) continue;
      const row: number[] = [];
      for (let i = 0; i < bits.length; i += 8) {
        let byte = 0;
        for (let k = 0; k < 8; k++) byte = (byte << 1) | (bits[i + k] ?? 0);
        row.push(byte);
      }
      const filter = filters[n % filters.length]!;
      rows.push(
        filter,
        ...row.map(
          (byte, i) => (byte - predictor(filter, row[i - bpp] ?? 0, prior[i] ?? 0, prior[i - bpp] ?? 0)) & 255,
        ),
      );
      prior = row;
    }
  }
  function predictor(filter: number, left: number, up: number, upLeft: number): number {
    if (filter === 1) return left;
    if (filter === 2) return up;
    if (filter === 3) return (left + up) >> 1;
    if (filter !== 4) return 0;
    const p = left + up - upLeft;
    const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
    return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([bitDepth, colorType, 0, 0, options.interlaced ? 1 : 0], 8);
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(colorType === 3
      ? [
          chunk(
            'PLTE',
            Uint8Array.from({ length: 3 * (1 << bitDepth) }, (_, i) => (i * 37) & 255),
          ),
        ]
      : []),
    chunk('IDAT', new Uint8Array(deflateSync(Uint8Array.from(rows)))),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
