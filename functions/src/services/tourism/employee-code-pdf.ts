import { formatDate } from '@gm/shared/dates/format';
import { tourismRegisterUrl, type EmployeeCode } from '@gm/shared/admin/tourism';
import { loadPdfStack, loadQrEncoder, rgb } from '../../lib/pdf/pdf-stack.ts';
import { winAnsi, wrapText } from '../pdf-text.ts';
import { drawQr } from '../wallet/voucher-pdf.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 4;
const GAP = 12;

/**
 * Printable cards of employee codes (03 §2 "Download PDF"): A4, 2 × 4 cards a page, each with the partner's
 * company, the code in large type and a QR code of the registration on the tourism tenant with the code
 * filled in (`tourismRegisterUrl`). Pure: pdf-lib and the QR renderer, no I/O. Cut along the thin frames.
 */
export async function renderEmployeeCodeCards(input: {
  codes: readonly EmployeeCode[];
  appUrl: string;
  /** The tourism tenant's subdomain (null: the main site's address is printed). */
  subdomain: string | null;
  tourismName: string;
}): Promise<Uint8Array> {
  const [pdf, createQr] = await Promise.all([loadPdfStack(), loadQrEncoder()]);
  const { PDFDocument, StandardFonts } = pdf;
  const doc = await PDFDocument.create();
  doc.setTitle('Mitarbeiter-Codes');
  doc.setCreator('Gutscheinmarkt');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  const ink = rgb(0.11, 0.31, 0.33);
  const grey = rgb(0.35, 0.35, 0.35);

  const cardWidth = (A4.width - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS;
  const cardHeight = (A4.height - 2 * MARGIN - (ROWS - 1) * GAP) / ROWS;
  const perPage = COLUMNS * ROWS;
  const qrSize = 112;

  input.codes.forEach((code, index) => {
    if (index % perPage === 0) doc.addPage([A4.width, A4.height]);
    const page = doc.getPage(doc.getPageCount() - 1);
    const slot = index % perPage;
    const x = MARGIN + (slot % COLUMNS) * (cardWidth + GAP);
    const top = A4.height - MARGIN - Math.floor(slot / COLUMNS) * (cardHeight + GAP);
    const y = top - cardHeight;
    page.drawRectangle({ x, y, width: cardWidth, height: cardHeight, borderColor: grey, borderWidth: 0.5 });

    const url = tourismRegisterUrl(input.appUrl, input.subdomain, code.value);
    drawQr(pdf, createQr, doc, page, url, x + cardWidth - qrSize - 8, y + (cardHeight - qrSize) / 2, qrSize);

    const textWidth = cardWidth - qrSize - 28;
    let ty = top - 22;
    page.drawText(winAnsi('Mitarbeiter-Code'), { x: x + 12, y: ty, size: 10, font: bold, color: ink });
    ty -= 14;
    for (const line of wrapText(winAnsi(input.tourismName), regular, 8, textWidth, 2)) {
      page.drawText(line, { x: x + 12, y: ty, size: 8, font: regular, color: grey });
      ty -= 10;
    }
    ty -= 12;
    page.drawText(code.value, { x: x + 12, y: ty, size: 20, font: mono, color: rgb(0, 0, 0) });
    ty -= 20;
    for (const line of wrapText(winAnsi(code.company?.name ?? ''), bold, 9, textWidth, 2)) {
      page.drawText(line, { x: x + 12, y: ty, size: 9, font: bold, color: ink });
      ty -= 11;
    }
    ty -= 4;
    const host = new URL(url).host;
    const hint = `Registriere dich auf ${host} und gib den Code ein – oder scanne den QR-Code.`;
    for (const line of wrapText(winAnsi(hint), regular, 7, textWidth, 4)) {
      page.drawText(line, { x: x + 12, y: ty, size: 7, font: regular, color: grey });
      ty -= 9;
    }
    page.drawText(winAnsi(`Erstellt am ${formatDate(code.created_at)} · nur einmal gültig`), {
      x: x + 12,
      y: y + 10,
      size: 6.5,
      font: regular,
      color: grey,
    });
  });
  return doc.save();
}
