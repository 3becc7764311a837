import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@gm/shared/uploads/contracts';
import { rawPng, testJpeg, testPng } from './test-images.ts';
import { checkImage } from './image-check.ts';

const HTML = new TextEncoder().encode(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with a correct CRC. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with its IHDR claiming another size (CRC fixed, so only the size is a lie). */
function pngClaiming(width: number, height: number): Uint8Array {
  const png = testPng();
  const ihdr = png.slice(16, 29);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  return concat(png.subarray(0, 8), chunk('IHDR', ihdr), png.subarray(33));
}

/** The JPEG with its SOF0 frame header claiming another size. */
function jpegClaiming(width: number, height: number): Uint8Array {
  const jpeg = testJpeg().slice();
  const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
  jpeg.set([height >> 8, height & 255, width >> 8, width & 255], sof + 5);
  return jpeg;
}

/** A PNG of exactly these chunks (CRCs right), after the signature. */
function pngOf(...chunks: [string, Uint8Array][]): Uint8Array {
  return concat(testPng().subarray(0, 8), ...chunks.map(([type, data]) => chunk(type, data)));
}

function ihdr(width: number, height: number, bitDepth: number, colorType: number, interlace = 0): Uint8Array {
  const data = new Uint8Array(13);
  new DataView(data.buffer).setUint32(0, width);
  new DataView(data.buffer).setUint32(4, height);
  data.set([bitDepth, colorType, 0, 0, interlace], 8);
  return data;
}

const zlib = (...rows: number[][]) => new Uint8Array(deflateSync(Uint8Array.from(rows.flat())));
const none = new Uint8Array();
/** A 3 × 2 RGB image at 8 bits: each scanline is a filter byte and 9 sample bytes. */
const rgbRow = (filter: number) => [filter, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const palette = (entries: number) => Uint8Array.from({ length: entries * 3 }, (_, i) => i);

describe('checkImage', () => {
  it('accepts complete PNG and JPEG images and tells their size', () => {
    expect(checkImage(testPng({ width: 40, height: 30 }), 'image/png')).toEqual({ ok: true, width: 40, height: 30 });
    expect(checkImage(testJpeg({ width: 730, height: 676 }), 'image/jpeg')).toEqual({
      ok: true,
      width: 730,
      height: 676,
    });
    // Unknown ancillary chunks are fine (decoders skip them).
    expect(checkImage(testPng({ size: 5000 }), 'image/png')).toMatchObject({ ok: true });
  });

  it('accepts interlaced, palette, grey 1-bit and 16-bit PNGs (the exact data size per layout)', () => {
    const sample = (x: number, y: number) => [(x * 7 + y) & 255, (y * 5) & 255, (x ^ y) & 255, 255];
    const variants = [
      { colorType: 6, bitDepth: 8, interlaced: true },
      { colorType: 2, bitDepth: 8, interlaced: true },
      { colorType: 3, bitDepth: 4, interlaced: false, sample: (x: number, y: number) => [(x + y) & 15] },
      { colorType: 3, bitDepth: 2, interlaced: true, sample: (x: number, y: number) => [(x + y) & 3] },
      { colorType: 0, bitDepth: 1, interlaced: false, sample: (x: number, y: number) => [(x + y) & 1] },
      { colorType: 0, bitDepth: 1, interlaced: true, sample: (x: number, y: number) => [(x * y) & 1] },
      { colorType: 4, bitDepth: 16, interlaced: true, sample: (x: number) => [x * 999, 65535] },
      { colorType: 2, bitDepth: 16, interlaced: false, sample: (x: number, y: number) => [x * 300, y * 300, 7] },
    ] as const;
    for (const variant of variants) {
      for (const [width, height] of [
        [37, 23],
        [1, 1],
        [3, 9],
      ] as const) {
        const png = rawPng({ width, height, sample, ...variant });
        expect(checkImage(png, 'image/png'), `${JSON.stringify(variant)} ${width}x${height}`).toEqual({
          ok: true,
          width,
          height,
        });
      }
    }
  });

  it('accepts a JPEG whose EXIF segment holds a thumbnail with its own SOI/EOI', () => {
    const jpeg = testJpeg();
    const thumbnail = testJpeg({ width: 2, height: 2 });
    const exif = concat(new TextEncoder().encode('Exif\0\0'), thumbnail);
    const app1 = concat(Uint8Array.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255]), exif);
    expect(checkImage(concat(jpeg.subarray(0, 2), app1, jpeg.subarray(2)), 'image/jpeg')).toMatchObject({ ok: true });
  });

  it('refuses HTML appended after IEND or EOI (polyglot)', () => {
    expect(checkImage(concat(testPng(), HTML), 'image/png')).toMatchObject({
      ok: false,
      reason: 'type',
      detail: expect.stringContaining('after IEND'),
    });
    expect(checkImage(concat(testJpeg(), HTML), 'image/jpeg')).toMatchObject({
      ok: false,
      reason: 'type',
      detail: expect.stringContaining('after EOI'),
    });
    // Even a single stray byte after the end marker.
    expect(checkImage(concat(testPng(), Uint8Array.of(0)), 'image/png')).toMatchObject({ ok: false });
  });

  it('refuses a valid PNG header followed by HTML, and HTML renamed to .png', () => {
    expect(checkImage(concat(testPng().subarray(0, 33), HTML), 'image/png')).toMatchObject({
      ok: false,
      reason: 'type',
    });
    expect(checkImage(concat(testPng().subarray(0, 8), HTML), 'image/png')).toMatchObject({
      ok: false,
      reason: 'type',
    });
    expect(checkImage(HTML, 'image/png')).toMatchObject({ ok: false, reason: 'type', detail: 'no PNG signature' });
    expect(checkImage(HTML, 'image/jpeg')).toMatchObject({ ok: false, reason: 'type', detail: 'no JPEG SOI' });
  });

  it('refuses markup hidden inside a well-formed image (PNG text chunk, JPEG comment)', () => {
    const png = testPng();
    const withText = concat(
      png.subarray(0, 33),
      chunk('tEXt', concat(new TextEncoder().encode('Comment\0'), HTML)),
      png.subarray(33),
    );
    expect(checkImage(withText, 'image/png')).toMatchObject({ ok: false, reason: 'type', detail: 'contains <html' });
    const jpeg = testJpeg();
    const com = concat(Uint8Array.from([0xff, 0xfe, (HTML.length + 2) >> 8, (HTML.length + 2) & 255]), HTML);
    expect(checkImage(concat(jpeg.subarray(0, 2), com, jpeg.subarray(2)), 'image/jpeg')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('contains <'),
    });
  });

  it('refuses truncated images', () => {
    const png = testPng({ width: 64, height: 64 });
    const jpeg = testJpeg({ width: 64, height: 64 });
    for (const cut of [12, 40, png.length - 12, png.length - 1]) {
      expect(checkImage(png.subarray(0, cut), 'image/png'), `PNG cut at ${cut}`).toMatchObject({ ok: false });
    }
    for (const cut of [4, 200, jpeg.length - 40, jpeg.length - 2, jpeg.length - 1]) {
      expect(checkImage(jpeg.subarray(0, cut), 'image/jpeg'), `JPEG cut at ${cut}`).toMatchObject({ ok: false });
    }
  });

  it('refuses images whose data does not decode (broken zlib stream, broken scan)', () => {
    const png = testPng({ width: 64, height: 64 });
    const idat = png.findIndex((_, i) => String.fromCharCode(...png.subarray(i, i + 4)) === 'IDAT');
    const length = new DataView(png.buffer).getUint32(idat - 4);
    const data = png.slice(idat + 4, idat + 4 + length);
    data.fill(0x55, 2); // keep the zlib header, garble the stream
    const broken = concat(png.subarray(0, idat - 4), chunk('IDAT', data), png.subarray(idat + 8 + length));
    expect(checkImage(broken, 'image/png')).toMatchObject({ ok: false, detail: expect.stringContaining('inflate') });

    const garbledCrc = png.slice();
    garbledCrc[idat + 6] = garbledCrc[idat + 6]! ^ 0xff;
    expect(checkImage(garbledCrc, 'image/png')).toMatchObject({ ok: false });

    const jpeg = testJpeg({ width: 64, height: 64 });
    const sos = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xda);
    const scanStart = sos + 2 + ((jpeg[sos + 2]! << 8) | jpeg[sos + 3]!);
    // A JPEG whose scan stops short: header, the first few bytes of scan data, then EOI.
    const short = concat(jpeg.subarray(0, scanStart + 4), Uint8Array.of(0xff, 0xd9));
    expect(checkImage(short, 'image/jpeg')).toMatchObject({ ok: false });
  });

  it('refuses more pixels than it decodes, before decoding them', () => {
    expect(checkImage(pngClaiming(20_000, 20_000), 'image/png')).toMatchObject({ ok: false, reason: 'dimensions' });
    expect(checkImage(pngClaiming(MAX_IMAGE_SIDE + 1, 10), 'image/png')).toMatchObject({ reason: 'dimensions' });
    const tooMany = Math.ceil(MAX_IMAGE_PIXELS / 3000) + 1;
    expect(checkImage(pngClaiming(3000, tooMany), 'image/png')).toMatchObject({ reason: 'dimensions' });
    expect(checkImage(jpegClaiming(MAX_IMAGE_SIDE + 1, 10), 'image/jpeg')).toMatchObject({ reason: 'dimensions' });
    expect(checkImage(jpegClaiming(65_000, 65_000), 'image/jpeg')).toMatchObject({ reason: 'dimensions' });
    // Within the limits but lying about the size: the image data is too short for it. pngjs alone
    // sometimes accepted this (the missing pixels from uninitialised memory), hence the repetition.
    for (let i = 0; i < 20; i++) {
      expect(checkImage(pngClaiming(100, 100), 'image/png')).toMatchObject({
        ok: false,
        reason: 'type',
        detail: 'image data is 198 bytes, not 40100',
      });
    }
  });

  it('verifies PNG image data itself: exact size, nothing after the zlib stream, filter types', () => {
    const rgb = (...idat: Uint8Array[]) =>
      pngOf(['IHDR', ihdr(3, 2, 8, 2)], ...idat.map((d) => ['IDAT', d] as [string, Uint8Array]), ['IEND', none]);
    expect(checkImage(rgb(zlib(rgbRow(0), rgbRow(4))), 'image/png')).toEqual({ ok: true, width: 3, height: 2 });
    // The zlib stream split over several IDATs is one stream.
    const stream = zlib(rgbRow(1), rgbRow(2));
    expect(checkImage(rgb(stream.subarray(0, 5), stream.subarray(5)), 'image/png')).toMatchObject({ ok: true });

    expect(checkImage(rgb(zlib(rgbRow(0), rgbRow(5))), 'image/png')).toMatchObject({
      ok: false,
      detail: 'scanline 1 has filter type 5',
    });
    expect(checkImage(rgb(zlib(rgbRow(0))), 'image/png')).toMatchObject({
      ok: false,
      detail: 'image data is 10 bytes, not 20',
    });
    expect(checkImage(rgb(zlib(rgbRow(0), rgbRow(0), [0])), 'image/png')).toMatchObject({
      ok: false,
      detail: 'image data is longer than 20 bytes',
    });
    expect(checkImage(rgb(concat(zlib(rgbRow(0), rgbRow(0)), Uint8Array.of(0, 0))), 'image/png')).toMatchObject({
      ok: false,
      detail: '2 bytes after the image data',
    });
    const truncated = zlib(rgbRow(0), rgbRow(0));
    expect(checkImage(rgb(truncated.subarray(0, truncated.length - 1)), 'image/png')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('does not inflate'),
    });
    expect(checkImage(pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['IEND', none]), 'image/png')).toMatchObject({
      detail: 'no IDAT',
    });
  });

  it('refuses a PNG chunk with a wrong CRC, in any chunk', () => {
    const png = testPng({ width: 16, height: 16 });
    // IHDR's width, an IDAT byte, IEND's CRC itself.
    for (const at of [17, 41, png.length - 1]) {
      const garbled = png.slice();
      garbled[at] = garbled[at]! ^ 0x01;
      expect(checkImage(garbled, 'image/png'), `byte ${at}`).toMatchObject({
        ok: false,
        reason: 'type',
        detail: expect.stringMatching(/^chunk (IHDR|IDAT|IEND) has a wrong CRC$/),
      });
    }
  });

  it('refuses PNG headers and chunk orders the specification does not allow', () => {
    const data = zlib(rgbRow(0), rgbRow(0));
    const refusals: [string, Uint8Array][] = [
      ['RGB at 4 bits', pngOf(['IHDR', ihdr(3, 2, 4, 2)], ['IDAT', data], ['IEND', none])],
      ['colour type 5', pngOf(['IHDR', ihdr(3, 2, 8, 5)], ['IDAT', data], ['IEND', none])],
      ['interlace 2', pngOf(['IHDR', ihdr(3, 2, 8, 2, 2)], ['IDAT', data], ['IEND', none])],
      ['second IHDR', pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['IHDR', ihdr(3, 2, 8, 2)], ['IDAT', data], ['IEND', none])],
      ['unknown critical chunk', pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['ABCD', none], ['IDAT', data], ['IEND', none])],
      [
        'IDATs apart',
        pngOf(
          ['IHDR', ihdr(3, 2, 8, 2)],
          ['IDAT', data.subarray(0, 4)],
          ['tEXt', Uint8Array.of(65, 0, 66)],
          ['IDAT', data.subarray(4)],
          ['IEND', none],
        ),
      ],
      ['PLTE after IDAT', pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['IDAT', data], ['PLTE', palette(2)], ['IEND', none])],
      ['PLTE for grey', pngOf(['IHDR', ihdr(3, 2, 8, 0)], ['PLTE', palette(2)], ['IDAT', data], ['IEND', none])],
      ['IEND with data', pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['IDAT', data], ['IEND', Uint8Array.of(0)])],
      [
        'gAMA of 2 bytes',
        pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['gAMA', Uint8Array.of(0, 1)], ['IDAT', data], ['IEND', none]),
      ],
      [
        'tRNS of RGB not 6 bytes',
        pngOf(['IHDR', ihdr(3, 2, 8, 2)], ['tRNS', Uint8Array.of(0, 1)], ['IDAT', data], ['IEND', none]),
      ],
    ];
    for (const [name, png] of refusals)
      expect(checkImage(png, 'image/png'), name).toMatchObject({ ok: false, reason: 'type' });
    // The same image with well-formed ancillary chunks is fine.
    const fine = pngOf(
      ['IHDR', ihdr(3, 2, 8, 2)],
      ['gAMA', Uint8Array.of(0, 0, 0xb1, 0x8f)],
      ['PLTE', palette(4)],
      ['tRNS', Uint8Array.of(0, 1, 0, 2, 0, 3)],
      ['IDAT', data],
      ['tEXt', Uint8Array.of(65, 0, 66)],
      ['IEND', none],
    );
    expect(checkImage(fine, 'image/png')).toMatchObject({ ok: true });
  });

  it('refuses a palette PNG without a palette, with too many entries or an index outside it', () => {
    const sample = (x: number, y: number) => [(x + 2 * y) & 3];
    // Filters 0–4 on the rows: the indices are read after unfiltering.
    const png = rawPng({ width: 11, height: 7, colorType: 3, bitDepth: 2, sample, filters: [0, 1, 2, 3, 4] });
    expect(checkImage(png, 'image/png')).toMatchObject({ ok: true });
    const rows = (entries: number) =>
      pngOf(
        ['IHDR', ihdr(2, 2, 8, 3)],
        ['PLTE', palette(entries)],
        ['IDAT', zlib([0, 0, 1], [2, 2, 2])],
        ['IEND', none],
      );
    expect(checkImage(rows(4), 'image/png')).toMatchObject({ ok: true });
    // Row 2 unfilters to 2 + 0 = 2 and 2 + 1 = 3 (filter Up): index 3 in a palette of 3.
    expect(checkImage(rows(3), 'image/png')).toMatchObject({
      ok: false,
      detail: 'palette index 3 not in the palette of 3',
    });
    const data = zlib([0, 0, 0], [0, 0, 0]);
    const refusals: [string, Uint8Array][] = [
      ['no PLTE', pngOf(['IHDR', ihdr(2, 2, 8, 3)], ['IDAT', data], ['IEND', none])],
      [
        'PLTE of 5 entries at 2 bits',
        pngOf(['IHDR', ihdr(2, 2, 2, 3)], ['PLTE', palette(5)], ['IDAT', zlib([0, 0], [0, 0])], ['IEND', none]),
      ],
      [
        'PLTE not a multiple of 3',
        pngOf(['IHDR', ihdr(2, 2, 8, 3)], ['PLTE', Uint8Array.of(1, 2, 3, 4)], ['IDAT', data], ['IEND', none]),
      ],
      [
        'tRNS longer than PLTE',
        pngOf(
          ['IHDR', ihdr(2, 2, 8, 3)],
          ['PLTE', palette(2)],
          ['tRNS', Uint8Array.of(1, 2, 3)],
          ['IDAT', data],
          ['IEND', none],
        ),
      ],
      [
        'tRNS before PLTE',
        pngOf(
          ['IHDR', ihdr(2, 2, 8, 3)],
          ['tRNS', Uint8Array.of(1)],
          ['PLTE', palette(2)],
          ['IDAT', data],
          ['IEND', none],
        ),
      ],
    ];
    for (const [name, bad] of refusals)
      expect(checkImage(bad, 'image/png'), name).toMatchObject({ ok: false, reason: 'type' });
  });

  it('refuses a type it does not accept and bytes of the other type', () => {
    expect(checkImage(testPng(), 'image/gif')).toMatchObject({ ok: false, reason: 'type' });
    expect(checkImage(testPng(), 'image/jpeg')).toMatchObject({ ok: false, reason: 'type' });
    expect(checkImage(testJpeg(), 'image/png')).toMatchObject({ ok: false, reason: 'type' });
    expect(checkImage(new Uint8Array(), 'image/png')).toMatchObject({ ok: false });
  });
});
