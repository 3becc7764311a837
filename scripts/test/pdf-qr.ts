import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

export type PdfImage = { width: number; height: number; filter: string; colorSpace: string; bytes: Uint8Array };

/** Every image XObject in a PDF, with its (still encoded) stream bytes. */
export async function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  const doc = await PDFDocument.load(pdf);
  const images: PdfImage[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const num = (key: string) => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    images.push({
      width: num('Width'),
      height: num('Height'),
      filter: dict.get(PDFName.of('Filter'))?.toString() ?? '',
      colorSpace: dict.get(PDFName.of('ColorSpace'))?.toString() ?? '',
      bytes: object.contents,
    });
  }
  return images;
}

/** Decodes every Flate-compressed RGB or grey image of the PDF with jsQR; the texts found. */
export async function qrTextsInPdf(pdf: Uint8Array): Promise<string[]> {
  const found: string[] = [];
  for (const image of await pdfImages(pdf)) {
    if (image.filter !== '/FlateDecode') continue;
    const raw = inflateSync(image.bytes);
    const channels = image.colorSpace === '/DeviceRGB' ? 3 : image.colorSpace === '/DeviceGray' ? 1 : 0;
    if (!channels || raw.length < image.width * image.height * channels) continue;
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let i = 0; i < image.width * image.height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 3 ? c : 0)]!;
      rgba[i * 4 + 3] = 255;
    }
    // Upscale small images (one pixel per module) the way a viewer shows them: nearest neighbour.
    const factor = Math.max(1, Math.ceil(240 / image.width));
    const width = image.width * factor;
    const height = image.height * factor;
    const scaled = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const from = (Math.floor(y / factor) * image.width + Math.floor(x / factor)) * 4;
        scaled.set(rgba.subarray(from, from + 4), (y * width + x) * 4);
      }
    }
    const result = jsQR(scaled, width, height);
    if (result) found.push(result.data);
  }
  return found;
}
