import type { PDFDocument, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { formatDate } from '@gm/shared/dates/format';
import { formatAmount } from '@gm/shared/money/money';
import { BALANCE_TEXT, balanceCheckUrl } from '@gm/shared/wallet/balance-check';
import { loadPdfStack, loadQrEncoder, rgb, type PdfStack, type QrEncoder } from '../../lib/pdf/pdf-stack.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { MARKETPLACE } from '../orders/invoice-pdf.ts';
import { drawLines, winAnsi, wrapText } from '../pdf-text.ts';

/** Everything printed on a voucher PDF; built by `voucherPdfFor` from the user voucher, its seller and images. */
export type VoucherPdfInput = {
  title: string;
  sellerName: string;
  /** One line, e.g. 'Maria-Theresien-Straße 1, 6020 Innsbruck'; null when unknown. */
  sellerAddress: string | null;
  type: 'quantity' | 'value' | 'buyer';
  qty: number;
  /** Value vouchers: the value per unit (cents); else null. */
  value: number | null;
  /** Cents: the original total (value × qty, or the amount paid for a product voucher). */
  totalValue: number;
  /** Cents: what is left; printed only when less than the total. */
  remainingValue: number;
  remainingQty: number;
  /** 'Preis verstecken': no value or price on the voucher. */
  priceHidden: boolean;
  /** The buyer's personal message (≤ 120). */
  note: string | null;
  fromName: string | null;
  /** yyyy-mm-dd. */
  validUntil: string;
  /** Weekday labels ('Mo' … 'So', 'Feiertag'); empty = any day. */
  validDays: readonly string[];
  /** 1–12; empty = all year. */
  months: readonly number[];
  /** The seller's voucher note / conditions, if any. */
  terms: string | null;
  code: string;
  /** What the QR code encodes (`<APP_URL>/qr/<code>`). */
  qr: string;
  /** The public balance check for this code (`<APP_URL>/guthaben?code=<code>`, issue 13); omitted = not printed. */
  balanceUrl?: string | null;
  orderNo: string;
  /** `#rrggbb`. */
  textColor: string;
  /** `#rrggbb`: the card's fill when there is no (usable) background image. */
  backgroundColor: string;
  /** JPEG or PNG bytes; anything else (SVG, unknown) falls back to the colour. */
  background: Uint8Array | null;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
/** The personalised background's aspect ratio (crop output 730 × 676.34, 01 §5). */
const CARD_RATIO = 676.34 / 730;
const WEEK = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
const MONTH_NAMES = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

const euro = (cents: number) => `${formatAmount(cents)} €`;

export function hexColor(hex: string | null | undefined, fallback: RGB): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return fallback;
  const n = Number.parseInt(m[1]!, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const luminance = (c: RGB) => 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;

export function imageKind(bytes: Uint8Array | null | undefined): 'png' | 'jpg' | undefined {
  if (!bytes || bytes.length < 4) return undefined;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  return undefined;
}

/** 'jederzeit zu den Öffnungszeiten' for none or all days; else the days in week order. */
export function daysLabel(days: readonly string[]): string {
  const set = new Set(days);
  if (set.size === 0 || (WEEK.every((d) => set.has(d)) && set.has('Feiertag')))
    return 'jederzeit zu den Öffnungszeiten';
  return [...WEEK.filter((d) => set.has(d)), ...(set.has('Feiertag') ? ['Feiertag'] : [])].join(', ');
}

export function monthsLabel(months: readonly number[]): string {
  const set = new Set(months.filter((m) => m >= 1 && m <= 12));
  if (set.size === 0 || set.size === 12) return 'ganzjährig';
  return [...set]
    .sort((a, b) => a - b)
    .map((m) => MONTH_NAMES[m - 1])
    .join(', ');
}

// winAnsi maps line breaks to spaces; keep paragraph breaks of the note and terms.
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function drawCover(pdf: PdfStack, page: PDFPage, image: PDFImage, x: number, y: number, w: number, h: number) {
  const scale = Math.max(w / image.width, h / image.height);
  const iw = image.width * scale;
  const ih = image.height * scale;
  page.pushOperators(pdf.pushGraphicsState(), pdf.rectangle(x, y, w, h), pdf.clip(), pdf.endPath());
  page.drawImage(image, { x: x + (w - iw) / 2, y: y + (h - ih) / 2, width: iw, height: ih });
  page.pushOperators(pdf.popGraphicsState());
}

/** The amount line on the card: value (× units) or product and quantity. */
export function amountLine(input: Pick<VoucherPdfInput, 'type' | 'qty' | 'value' | 'totalValue' | 'title'>): string {
  if (input.type === 'quantity') return `${input.qty} × ${input.title}`;
  if (input.value !== null && input.qty > 1) return `${input.qty} × ${euro(input.value)}`;
  return euro(input.value ?? input.totalValue);
}

type QrMatrix = { size: number; dark: (x: number, y: number) => boolean };

/** The QR matrix (error correction M) with a 4-module quiet zone: 1 = dark. */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  return matrixOf(await loadQrEncoder(), text);
}

function matrixOf(createQr: QrEncoder, text: string): QrMatrix {
  const qr = createQr(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  return {
    size: n + 2 * quiet,
    dark: (x, y) =>
      x >= quiet && y >= quiet && x < n + quiet && y < n + quiet && qr.modules.get(y - quiet, x - quiet) === 1,
  };
}

/**
 * Draws the QR code as a 1-pixel-per-module grey image XObject (Flate), scaled up without interpolation:
 * sharp at any zoom and print size, a few hundred bytes, and no PNG encode/decode round trip (which cost
 * most of the render time).
 */
export function drawQr(
  pdf: PdfStack,
  createQr: QrEncoder,
  doc: PDFDocument,
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  size: number,
) {
  const m = matrixOf(createQr, text);
  const pixels = new Uint8Array(m.size * m.size);
  for (let row = 0; row < m.size; row++)
    for (let col = 0; col < m.size; col++) pixels[row * m.size + col] = m.dark(col, row) ? 0 : 255;
  const stream = doc.context.flateStream(pixels, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: m.size,
    Height: m.size,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Interpolate: false,
  });
  const ref = doc.context.register(stream);
  const name = page.node.newXObject('QR', ref);
  page.pushOperators(
    pdf.pushGraphicsState(),
    pdf.concatTransformationMatrix(size, 0, 0, size, x, y),
    pdf.drawObject(name),
    pdf.popGraphicsState(),
  );
}

/**
 * The voucher as an A4 PDF (pure: pdf-lib and the QR renderer, no I/O). Top: the card in the buyer's
 * design — background image (cover-cropped to the 730 × 676 format) or colour, title, seller, value
 * or product and quantity (unless 'Preis verstecken'), personal message, 'Gültig bis'. Below: the QR
 * code that the scanner reads (it encodes `input.qr`), the code for manual entry, when it can be
 * redeemed, the seller's address and the conditions. Standard Helvetica, so texts go through `winAnsi`.
 */
export async function renderVoucherPdf(input: VoucherPdfInput): Promise<Uint8Array> {
  const [pdf, createQr] = await Promise.all([loadPdfStack(), loadQrEncoder()]);
  const { PDFDocument, StandardFonts } = pdf;
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Gutschein ${input.title}`));
  doc.setAuthor(MARKETPLACE.name);
  doc.setSubject(winAnsi(`Gutschein ${input.code}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const dark = rgb(0.12, 0.12, 0.12);
  const grey = rgb(0.4, 0.4, 0.4);

  // --- The card ----------------------------------------------------------------------------------
  const cardW = A4[0] - 2 * MARGIN;
  const cardH = cardW * CARD_RATIO;
  const cardX = MARGIN;
  const cardY = A4[1] - MARGIN - cardH;
  const fill = hexColor(input.backgroundColor, rgb(0.11, 0.31, 0.33));
  page.drawRectangle({ x: cardX, y: cardY, width: cardW, height: cardH, color: fill });
  const kind = imageKind(input.background);
  let hasImage = false;
  if (kind && input.background) {
    try {
      const image = kind === 'png' ? await doc.embedPng(input.background) : await doc.embedJpg(input.background);
      drawCover(pdf, page, image, cardX, cardY, cardW, cardH);
      hasImage = true;
    } catch {
      // A corrupt image must not cost the buyer the voucher: the colour stays.
    }
  }
  const fg = hexColor(input.textColor, luminance(fill) > 0.55 ? dark : rgb(1, 1, 1));
  const shade = luminance(fg) > 0.5 ? rgb(0, 0, 0) : rgb(1, 1, 1);
  const pad = 22;
  const inner = cardW - 2 * pad;

  // Header band: title and seller.
  const titleLines = wrapText(input.title, bold, 24, inner, 2);
  const headH = pad + titleLines.length * 24 * 1.3 + 16 + 8;
  if (hasImage)
    page.drawRectangle({
      x: cardX,
      y: cardY + cardH - headH,
      width: cardW,
      height: headH,
      color: shade,
      opacity: 0.45,
    });
  const y = drawLines(page, titleLines, cardX + pad, cardY + cardH - pad, 24, bold, fg);
  drawLines(page, [winAnsi(input.sellerName)], cardX + pad, y, 13, font, fg);

  // Footer band: amount and validity.
  const amountLines = input.priceHidden ? [] : wrapText(amountLine(input), bold, 22, inner, 2);
  const footH = pad + amountLines.length * 22 * 1.3 + 14 + pad - 6;
  if (hasImage) page.drawRectangle({ x: cardX, y: cardY, width: cardW, height: footH, color: shade, opacity: 0.45 });
  let fy = cardY + footH - pad + 6;
  if (amountLines.length) fy = drawLines(page, amountLines, cardX + pad, fy, 22, bold, fg) - 2;
  drawLines(page, [`Gültig bis ${formatDate(`${input.validUntil}T12:00:00Z`)}`], cardX + pad, fy, 12, font, fg);

  // Middle: the personal message (and who it is from).
  const message = [...(input.note ? paragraphs(input.note) : []), ...(input.fromName ? [`Von ${input.fromName}`] : [])];
  if (message.length) {
    const lines = message.flatMap((p) => wrapText(p, font, 15, inner - 20, 4)).slice(0, 6);
    const blockH = lines.length * 15 * 1.3 + 20;
    const midTop = cardY + footH + (cardH - headH - footH + blockH) / 2;
    page.drawRectangle({
      x: cardX + pad - 10,
      y: midTop - blockH,
      width: inner + 20,
      height: blockH,
      color: shade,
      opacity: hasImage ? 0.45 : 0.12,
    });
    drawLines(page, lines, cardX + pad, midTop - 10, 15, font, fg, inner);
  }

  // --- Below the card: QR code and details --------------------------------------------------------
  const qrSize = 150;
  const qrTop = cardY - 24;
  drawQr(pdf, createQr, doc, page, input.qr, MARGIN, qrTop - qrSize, qrSize);
  const codeLines = [input.code.slice(0, 13), input.code.slice(13)].filter(Boolean);
  let qy = drawLines(page, ['Code'], MARGIN, qrTop - qrSize - 6, 8, font, grey);
  qy = drawLines(page, codeLines, MARGIN, qy, 10, bold, dark);

  const colX = MARGIN + qrSize + 24;
  const colW = A4[0] - MARGIN - colX;
  let dy = qrTop;
  const field = (label: string, value: string) => {
    dy = drawLines(page, [winAnsi(label)], colX, dy, 8, font, grey);
    dy = drawLines(page, wrapText(value, font, 11, colW, 3), colX, dy, 11, font, dark) - 6;
  };
  field('Gutschein', input.title);
  if (!input.priceHidden && input.type !== 'quantity' && input.remainingValue < input.totalValue)
    field('Restwert', euro(input.remainingValue));
  if (input.type === 'quantity' && input.remainingQty < input.qty)
    field('Noch einlösbar', `${input.remainingQty} Stück`);
  field('Gültig bis', formatDate(`${input.validUntil}T12:00:00Z`));
  field('Einlösbar', daysLabel(input.validDays));
  field('Monate', monthsLabel(input.months));
  field('Einzulösen bei', [input.sellerName, input.sellerAddress].filter(Boolean).join(', '));
  if (input.orderNo) field('Bestellnummer', input.orderNo);
  if (input.balanceUrl) {
    // A URL has no spaces to wrap at: too wide for the column, it breaks before its query.
    const url = winAnsi(input.balanceUrl);
    const at = url.indexOf('?');
    const lines = font.widthOfTextAtSize(url, 9) > colW && at > 0 ? [url.slice(0, at), url.slice(at)] : [url];
    dy = drawLines(page, [BALANCE_TEXT.linkLabel], colX, dy, 8, font, grey);
    dy = drawLines(page, lines, colX, dy, 9, font, dark) - 6;
  }

  // Conditions at the bottom of the page.
  const terms = [
    ...(input.terms ? paragraphs(input.terms) : []),
    'Zum Einlösen den QR-Code beim Unternehmen vorzeigen oder den Code angeben. Keine Barauszahlung. Jeder Code kann nur bis zur Höhe des verbleibenden Werts eingelöst werden.',
    `Vermittelt durch ${MARKETPLACE.name}, ${MARKETPLACE.street}, ${MARKETPLACE.place}.`,
  ];
  const termLines = terms.flatMap((t) => wrapText(t, font, 8, A4[0] - 2 * MARGIN, 6));
  const termsTop = Math.min(qy, dy) - 14;
  const bottom = Math.max(MARGIN + termLines.length * 8 * 1.3, 0);
  drawLines(page, ['Bedingungen'], MARGIN, Math.min(termsTop, bottom + 14), 8, bold, grey);
  drawLines(page, termLines, MARGIN, Math.min(termsTop, bottom + 14) - 11, 8, font, grey);

  return doc.save({ useObjectStreams: false });
}

/** The app's base URL, taken from the voucher's own QR URL (`<APP_URL>/qr/<code>`), so the PDF needs no extra dependency. */
export function appUrlOf(qr: string): string {
  return qr.replace(/\/qr\/[^/]*$/, '');
}

export type VoucherPdfDeps = Pick<Deps, 'companies' | 'users' | 'vouchers' | 'templates' | 'mediaReader'>;

/**
 * The PDF of a user voucher as its owner (or a gift's recipient) gets it: loads the seller's company
 * (address falls back to the seller profile), the current voucher's conditions, and the background
 * from the media bucket — the buyer's own photo, else an uploaded background, else the chosen admin
 * template, else the voucher's own background — then renders. Does not touch `sent_via`.
 */
export async function voucherPdfFor(deps: VoucherPdfDeps, userVoucher: UserVoucherRecord): Promise<Uint8Array> {
  const p = userVoucher.personalisation;
  const [company, voucher, template] = await Promise.all([
    deps.companies.getBySeller(userVoucher.seller_id),
    deps.vouchers.get(userVoucher.voucher_id),
    p?.template_id ? deps.templates.get(p.template_id) : Promise.resolve(undefined),
  ]);
  const profile = company?.address ? undefined : await deps.users.get(userVoucher.seller_id);
  const street = company?.address ?? profile?.address ?? null;
  const place = [
    company?.address ? company.zip_code : profile?.zip_code,
    company?.address ? company.city : profile?.city,
  ]
    .filter(Boolean)
    .join(' ');
  const card = userVoucher.voucher;

  let background: Uint8Array | null = null;
  for (const candidate of [p?.custom_image, p?.custom_background_image, template?.image, card.background_image]) {
    if (!candidate) continue;
    const bytes = await deps.mediaReader.read(candidate);
    if (imageKind(bytes)) {
      background = bytes!;
      break;
    }
  }

  const total =
    userVoucher.type === 'value' && userVoucher.value !== null
      ? userVoucher.value * userVoucher.qty
      : Math.max(userVoucher.remaining_value, 0);
  return renderVoucherPdf({
    title: card.title,
    sellerName: company?.name || card.seller.company?.name || card.seller.username,
    sellerAddress: [street, place].filter(Boolean).join(', ') || null,
    type: userVoucher.type,
    qty: userVoucher.qty,
    value: userVoucher.value,
    totalValue: total,
    remainingValue: userVoucher.remaining_value,
    remainingQty: userVoucher.remaining_qty,
    priceHidden: p ? p.price_hidden : card.price_hidden,
    note: p?.note ?? null,
    fromName: userVoucher.from_name ?? null,
    validUntil: userVoucher.valid_until,
    validDays: card.valid_day,
    months: card.months,
    terms: voucher && !voucher.deleted_at ? voucher.note : null,
    code: userVoucher.code,
    qr: userVoucher.qr,
    balanceUrl: balanceCheckUrl(appUrlOf(userVoucher.qr), userVoucher.code),
    orderNo: userVoucher.order_no,
    textColor: p?.text_color ?? (card.styling.text_color === 'light' ? '#ffffff' : '#1f1f1f'),
    backgroundColor: card.styling.background_color || card.styling.header_and_footer_background_color || '#1D4F55',
    background,
  });
}
