import type { PDFFont, PDFPage, RGB } from 'pdf-lib';

/**
 * Text helpers shared by the PDFs we render with pdf-lib's standard fonts (invoice, voucher,
 * buyer-designed voucher, redemption receipt).
 */

// Windows-1252 (WinAnsi) beyond Latin-1: what the standard Helvetica can encode.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: WinAnsi characters kept, spaces unified, anything else '?'. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\u2000-\u200b\u202f\u205f\u3000\t\r\n]/g, ' ')) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  }
  return out;
}

/** One paragraph (already WinAnsi) broken into lines of at most `width` points; a longer single word keeps its own line. */
export function wrapWords(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  lines.push(current);
  return lines;
}

/** Free text (notes, titles, terms): its line breaks start new paragraphs, blank ones are dropped; at most `maxLines` lines. */
export function wrapText(text: string, font: PDFFont, size: number, width: number, maxLines = 20): string[] {
  const paragraphs = text
    .split(/\r?\n/)
    .map((p) => winAnsi(p.trim()))
    .filter(Boolean);
  return paragraphs.flatMap((p) => wrapWords(p, font, size, width)).slice(0, maxLines);
}

/** Draws lines top-down from `top` (centred within `centreWidth` when given); answers the y below the last line. */
export function drawLines(
  page: PDFPage,
  lines: readonly string[],
  x: number,
  top: number,
  size: number,
  font: PDFFont,
  color: RGB,
  centreWidth?: number,
): number {
  let y = top;
  for (const line of lines) {
    const lx = centreWidth ? x + (centreWidth - font.widthOfTextAtSize(line, size)) / 2 : x;
    page.drawText(line, { x: lx, y: y - size, size, font, color });
    y -= size * 1.3;
  }
  return y;
}
