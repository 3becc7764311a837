import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { formatDate } from '@gm/shared/dates/format';
import { formatAmount } from '@gm/shared/money/money';
import { loadPdfStack, rgb } from '../../lib/pdf/pdf-stack.ts';
import type { InvoiceRecord } from '../../repositories/order-repository.ts';
import { winAnsi, wrapWords } from '../pdf-text.ts';

/** The marketplace, named on every customer invoice as the intermediary (the seller is the supplier). */
export const MARKETPLACE = {
  name: 'Gutscheinmarkt Demo GmbH',
  street: 'Musterstraße 1',
  place: '6020 Innsbruck',
} as const;

const euro = (cents: number) => `${formatAmount(cents)} €`;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** Draws lines top-down, starting a new page when the current one is full. */
export class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  /** One line of text (wrapped to the width), optionally with a right-aligned amount. */
  text(text: string, options: { size?: number; bold?: boolean; right?: string; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const right = options.right === undefined ? undefined : winAnsi(options.right);
    const width = A4[0] - 2 * MARGIN - (right ? font.widthOfTextAtSize(right, size) + 16 : 0);
    const lines = wrapWords(winAnsi(text), font, size, width);
    lines.forEach((line, i) => {
      this.room(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      if (right && i === 0)
        this.page.drawText(right, {
          x: A4[0] - MARGIN - font.widthOfTextAtSize(right, size),
          y: this.y - size,
          size,
          font,
        });
      this.y -= size + 4;
    });
    this.y -= options.gap ?? 0;
  }

  rule() {
    this.room(8);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: A4[0] - MARGIN, y: this.y - 3 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    this.y -= 8;
  }
}

/**
 * The customer invoice as a PDF (German; standard Helvetica, so every text goes through `winAnsi`).
 * The seller is the supplier, the marketplace the intermediary; prices are gross with the VAT per
 * rate shown; a voucher without a fixed tax rate is a multi-purpose voucher (VAT on redemption).
 * The marketplace commission is the seller's matter and is not on this invoice.
 */
export const invoiceFilename = (invoiceNo: string) => `Rechnung-${invoiceNo}.pdf`;

export async function renderInvoicePdf(invoice: InvoiceRecord): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfStack();
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${invoice.cancels !== undefined ? 'Stornorechnung' : 'Rechnung'} ${invoice.invoice_no}`));
  doc.setAuthor(MARKETPLACE.name);
  doc.setCreationDate(new Date(invoice.issued_at));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  const cancellation = invoice.cancels !== undefined;
  w.text(cancellation ? 'Stornorechnung' : 'Rechnung', { size: 20, bold: true, gap: 8 });
  w.text(`Rechnungsnummer: ${invoice.invoice_no}`);
  w.text(`Rechnungsdatum: ${formatDate(invoice.issued_at)}`);
  if (cancellation) w.text(`Storniert die Rechnung: ${invoice.cancels ?? 'ohne Rechnung (Direktverkauf)'}`);
  w.text(`Bestellnummer: ${invoice.order_no}`, { gap: 12 });

  w.text('Leistungserbringer', { bold: true });
  w.text(invoice.seller.name);
  if (invoice.seller.address) w.text(invoice.seller.address);
  w.text(invoice.seller.vat_number ? `UID-Nummer: ${invoice.seller.vat_number}` : 'UID-Nummer: nicht angegeben', {
    gap: 8,
  });

  w.text('Vermittelt durch', { bold: true });
  w.text(MARKETPLACE.name);
  w.text(`${MARKETPLACE.street}, ${MARKETPLACE.place}`, { gap: 8 });

  w.text('Rechnungsempfänger', { bold: true });
  if (invoice.buyer.name) w.text(invoice.buyer.name);
  w.text(invoice.buyer.email, { gap: 14 });

  w.text('Position · Menge · Einzelpreis', { bold: true, right: 'Betrag' });
  w.rule();
  for (const line of invoice.lines) {
    w.text(`${line.title} · ${line.qty} × ${euro(line.unit)}`, { right: euro(line.gross) });
  }
  w.rule();
  if (invoice.discount > 0) w.text('Rabatt (Gutscheincode)', { right: `-${euro(invoice.discount)}` });
  w.text('Gesamtbetrag', { bold: true, right: euro(invoice.gross), gap: 10 });

  if (invoice.multi_purpose) {
    w.text(
      'Es handelt sich um einen Mehrzweckgutschein. Die Umsatzsteuer wird erst bei der Einlösung des Gutscheins fällig.',
    );
  } else {
    for (const line of invoice.lines) {
      if (line.tax_rate === null) continue;
      w.text(`Enthaltene USt. ${line.tax_rate} % auf ${euro(line.net + line.tax)} (netto ${euro(line.net)})`, {
        right: euro(line.tax),
      });
    }
    w.text('Summe USt.', { right: euro(invoice.tax) });
    w.text('Summe netto', { right: euro(invoice.net) });
  }
  w.text('', { gap: 10 });
  w.text(
    cancellation
      ? 'Alle Preise in Euro inklusive Umsatzsteuer. Der Betrag wird auf dem Zahlungsweg der Bestellung erstattet.'
      : 'Alle Preise in Euro inklusive Umsatzsteuer. Der Betrag wurde bereits bezahlt.',
    { size: 9 },
  );

  return doc.save({ useObjectStreams: false });
}
