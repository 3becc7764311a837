import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** Test support: the text a pdf-lib PDF draws (unit tests of the invoice and Gutschrift PDFs). */
// Windows-1252 0x80–0x9F (the rest is Latin-1); '\0' marks unused codes.
const CP1252 = '€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ';
const fromWinAnsi = (bytes: Uint8Array) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b))).join('');

/** All text drawn on the pages: pdf-lib writes WinAnsi hex strings `<...> Tj` in (Flate-compressed) content streams. */
export async function drawnText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref) as unknown as { getContents(): Uint8Array; dict: { toString(): string } };
      const raw = stream.getContents();
      const body = stream.dict.toString().includes('FlateDecode') ? inflateSync(raw) : Buffer.from(raw);
      for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        text += `${fromWinAnsi(Buffer.from(match[1]!, 'hex'))}\n`;
    }
  }
  return text;
}
