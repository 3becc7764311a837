import { deflateSync, inflateSync } from 'node:zlib';

/**
 * What the Lambda bundles get for `pako` (the esbuild alias in bundle-options.ts): the two calls
 * pdf-lib and its packages make, on Node's own zlib instead of pako's 46 KB JavaScript port of it.
 * - `deflate(bytes)`: pdf-lib's Flate streams (page content, the QR image; PDFContext.flateStream,
 *   PDFFlateStream), and `deflate(bytes, { level })` in @pdf-lib/upng's PNG encoder (unused by pdf-lib).
 * - `inflate(bytes)`: @pdf-lib/standard-fonts decompressing its font metrics.
 * Both in the zlib format with its header and Adler-32, as pako's defaults are (FlateDecode expects it).
 * pdf-lib reads PDFs with its own decoder; pako's other functions are not called.
 */
export function deflate(data: Uint8Array, options?: { level?: number }): Uint8Array {
  return new Uint8Array(deflateSync(data, options?.level === undefined ? {} : { level: options.level }));
}

export function inflate(data: Uint8Array): Uint8Array {
  return new Uint8Array(inflateSync(data));
}

export default { deflate, inflate };
