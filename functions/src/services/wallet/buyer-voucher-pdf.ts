import { formatDate } from '@gm/shared/dates/format';
import type { Actor } from '../../lib/auth.ts';
import { loadPdfStack, rgb } from '../../lib/pdf/pdf-stack.ts';
import type { BuyerVoucherRecord } from '../../repositories/buyer-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { MARKETPLACE } from '../orders/invoice-pdf.ts';
import { drawLines, winAnsi, wrapText } from '../pdf-text.ts';
import { ownBuyerVoucher } from './buyer-vouchers.ts';
import { hexColor, imageKind } from './voucher-pdf.ts';

/**
 * POST order/download-buyer-voucher (01 §7): the buyer-designed voucher as an A4 PDF — the card in
 * its design (photo or template, else the buyer colour), title, "Von …", description and message.
 * It carries no QR code: a buyer-designed voucher is not redeemed at a seller's scanner.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const CARD_RATIO = 676.34 / 730;
const BUYER_COLOUR = '#1d7874';

export type BuyerVoucherPdfInput = {
  title: string;
  from: string;
  description: string | null;
  note: string | null;
  textColor: string | null;
  background: Uint8Array | null;
  createdAt: string;
};

/** Pure: pdf-lib only. */
export async function renderBuyerVoucherPdf(input: BuyerVoucherPdfInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, clip, endPath, popGraphicsState, pushGraphicsState, rectangle } =
    await loadPdfStack();
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Gutschein ${input.title}`));
  doc.setAuthor(MARKETPLACE.name);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const cardW = A4[0] - 2 * MARGIN;
  const cardH = cardW * CARD_RATIO;
  const cardX = MARGIN;
  const cardY = A4[1] - MARGIN - cardH;
  page.drawRectangle({
    x: cardX,
    y: cardY,
    width: cardW,
    height: cardH,
    color: hexColor(BUYER_COLOUR, rgb(0.11, 0.47, 0.45)),
  });
  let hasImage = false;
  const kind = imageKind(input.background);
  if (kind && input.background) {
    try {
      const image = kind === 'png' ? await doc.embedPng(input.background) : await doc.embedJpg(input.background);
      const scale = Math.max(cardW / image.width, cardH / image.height);
      page.pushOperators(pushGraphicsState(), rectangle(cardX, cardY, cardW, cardH), clip(), endPath());
      page.drawImage(image, {
        x: cardX + (cardW - image.width * scale) / 2,
        y: cardY + (cardH - image.height * scale) / 2,
        width: image.width * scale,
        height: image.height * scale,
      });
      page.pushOperators(popGraphicsState());
      hasImage = true;
    } catch {
      // A broken image leaves the colour.
    }
  }
  const fg = hexColor(input.textColor, rgb(1, 1, 1));
  const shade = 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5 ? rgb(0, 0, 0) : rgb(1, 1, 1);
  const pad = 24;
  const inner = cardW - 2 * pad;

  const titleLines = wrapText(input.title, bold, 26, inner, 2);
  const headH = pad + titleLines.length * 26 * 1.3 + 24;
  if (hasImage)
    page.drawRectangle({
      x: cardX,
      y: cardY + cardH - headH,
      width: cardW,
      height: headH,
      color: shade,
      opacity: 0.45,
    });
  const y = drawLines(page, titleLines, cardX + pad, cardY + cardH - pad, 26, bold, fg);
  drawLines(page, [winAnsi(`Von ${input.from}`)], cardX + pad, y, 13, font, fg);

  const message = [input.description, input.note].filter(Boolean).join('\n');
  if (message) {
    const lines = wrapText(message, font, 15, inner - 20, 8);
    const blockH = lines.length * 15 * 1.3 + 20;
    const top = cardY + (cardH - headH + blockH) / 2;
    page.drawRectangle({
      x: cardX + pad - 10,
      y: top - blockH,
      width: inner + 20,
      height: blockH,
      color: shade,
      opacity: hasImage ? 0.45 : 0.12,
    });
    drawLines(page, lines, cardX + pad, top - 10, 15, font, fg, inner);
  }

  const grey = rgb(0.4, 0.4, 0.4);
  const by = drawLines(
    page,
    [winAnsi(`Ein persönlicher Gutschein von ${input.from}`)],
    MARGIN,
    cardY - 24,
    12,
    bold,
    rgb(0.12, 0.12, 0.12),
  );
  drawLines(page, [`Gestaltet am ${formatDate(input.createdAt)}`], MARGIN, by - 2, 10, font, grey);
  drawLines(
    page,
    [winAnsi(`Gestaltet mit ${MARKETPLACE.name}, ${MARKETPLACE.street}, ${MARKETPLACE.place}.`)],
    MARGIN,
    MARGIN + 12,
    8,
    font,
    grey,
  );
  return doc.save({ useObjectStreams: false });
}

export async function downloadBuyerVoucher(
  deps: Pick<Deps, 'buyerVouchers' | 'templates' | 'mediaReader'>,
  actor: Actor,
  id: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const record: BuyerVoucherRecord = await ownBuyerVoucher(deps, actor, id);
  const p = record.personalisation;
  const template = p.template_id ? await deps.templates.get(p.template_id) : undefined;
  let background: Uint8Array | null = null;
  for (const candidate of [p.custom_image, template?.image]) {
    if (!candidate) continue;
    const bytes = await deps.mediaReader.read(candidate);
    if (imageKind(bytes)) {
      background = bytes!;
      break;
    }
  }
  const pdf = await renderBuyerVoucherPdf({
    title: record.title,
    from: record.from_name,
    description: record.description,
    note: p.note,
    textColor: p.text_color,
    background,
    createdAt: record.created_at,
  });
  return { filename: `Gutschein-${record.id.slice(0, 8)}.pdf`, pdf };
}
