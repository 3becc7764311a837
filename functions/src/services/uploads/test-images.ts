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
