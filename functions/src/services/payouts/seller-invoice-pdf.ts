import { formatInvoiceDate } from '@gm/shared/dates/format';
import { formatAmount } from '@gm/shared/money/money';
import { COMMISSION_VAT_PERCENT, type PayoutFigures } from '@gm/shared/payouts/ledger';
import { maskIban } from '@gm/shared/payouts/contracts';
import { loadPdfStack } from '../../lib/pdf/pdf-stack.ts';
import type { SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import { MARKETPLACE, Writer } from '../orders/invoice-pdf.ts';
import { winAnsi } from '../pdf-text.ts';

/** One invoiced order in the compact list of the Gutschrift. */
export type SellerInvoicePdfLine = {
  order_no: string | null;
  completed_at: string | null;
  gross: number;
  commission: number;
  processing_fee: number;
  seller_net: number;
  reversed_share: number;
};

/** What a Gutschrift PDF is rendered from: the invoice as claimed, its figures and lines (stored by the payout run). */
export type SellerInvoicePdfSource = {
  invoice: SellerInvoiceRecord;
  figures: PayoutFigures;
  lines: SellerInvoicePdfLine[];
};

/** The list of orders is printed only up to this many lines (the figures always). */
export const PDF_LINE_LIMIT = 200;

const euro = (cents: number) => `${formatAmount(cents)} €`;
const minus = (cents: number) => (cents > 0 ? `-${euro(cents)}` : euro(0));

/**
 * The seller invoice (Gutschrift / Provisionsabrechnung, issue 12) as a PDF: the platform issues it,
 * the seller receives it (address, IBAN masked but the last 4), number PR-yyyy-nnnnnn, the period
 * in DD-MM-YYYY, the figures of `payoutLedger` and — up to 200 lines — the orders it covers.
 */
export async function renderSellerInvoicePdf(
  invoice: SellerInvoiceRecord,
  figures: PayoutFigures,
  lines: readonly SellerInvoicePdfLine[],
): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfStack();
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Gutschrift ${invoice.invoice_no}`));
  doc.setAuthor(MARKETPLACE.name);
  doc.setCreationDate(new Date(invoice.issued_at));
  // Rendered on every download (issue 15): the same bytes each time, whenever rendered.
  doc.setModificationDate(new Date(invoice.issued_at));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text('Gutschrift / Provisionsabrechnung', { size: 18, bold: true, gap: 8 });
  w.text(`Nummer: ${invoice.invoice_no}`);
  w.text(`Datum: ${formatInvoiceDate(invoice.issued_at)}`);
  w.text(
    invoice.period_start
      ? `Zeitraum: ${formatInvoiceDate(invoice.period_start)} bis ${formatInvoiceDate(invoice.period_end)}`
      : `Zeitraum: bis ${formatInvoiceDate(invoice.period_end)}`,
    { gap: 12 },
  );

  w.text('Aussteller', { bold: true });
  w.text(MARKETPLACE.name);
  w.text(`${MARKETPLACE.street}, ${MARKETPLACE.place}`, { gap: 8 });

  w.text('Empfänger', { bold: true });
  w.text(invoice.company_name);
  if (invoice.company_address) w.text(invoice.company_address);
  if (invoice.seller_email) w.text(invoice.seller_email);
  w.text(`IBAN: ${maskIban(invoice.iban)}${invoice.bic ? ` · BIC: ${invoice.bic}` : ''}`, { gap: 14 });

  w.text('Position', { bold: true, right: 'Betrag' });
  w.rule();
  w.text(`Umsatz brutto (${figures.line_count} Bestellungen)`, { right: euro(figures.gross) });
  w.text('Provision', { right: minus(figures.commission) });
  w.text(`${COMMISSION_VAT_PERCENT} % USt auf Provision`, { right: minus(figures.commission_vat) });
  w.text('Zahlungsgebühren', { right: minus(figures.processing_fees) });
  w.text('Stornos', { right: minus(figures.reversals + figures.adjustments) });
  w.text('Verrechnung Vorperiode', { right: euro(figures.carried_in) });
  w.rule();
  w.text('Auszahlungsbetrag', { bold: true, right: euro(figures.payout), gap: 4 });
  if (figures.carry_out < 0)
    w.text(`Negativer Saldo, wird mit der nächsten Abrechnung verrechnet: ${euro(figures.carry_out)}`, { size: 9 });
  w.text('', { gap: 8 });
  w.text(
    `Die Provision der Plattform zuzüglich ${COMMISSION_VAT_PERCENT} % USt sowie die Zahlungsgebühren werden mit den Verkaufserlösen verrechnet. Die Auszahlung erfolgt auf das hinterlegte Konto.`,
    { size: 9, gap: 12 },
  );

  if (lines.length > 0 && lines.length <= PDF_LINE_LIMIT) {
    w.text('Bestellungen', { bold: true });
    w.text('Bestellnummer · Datum · Brutto · Provision · Gebühr', { size: 8, right: 'Auszahlung' });
    w.rule();
    for (const line of lines) {
      const date = line.completed_at ? formatInvoiceDate(line.completed_at) : '';
      const storno = line.reversed_share > 0 ? ` · Storno ${minus(line.reversed_share)}` : '';
      w.text(
        `${line.order_no ?? '–'} · ${date} · ${euro(line.gross)} · ${minus(line.commission)} · ${minus(line.processing_fee)}${storno}`,
        { size: 8, right: euro(line.seller_net - line.reversed_share) },
      );
    }
  } else if (lines.length > PDF_LINE_LIMIT) {
    w.text(`${lines.length} Bestellungen: die Liste finden Sie im Bereich Bestellungen als CSV.`, { size: 9 });
  }

  return doc.save({ useObjectStreams: false });
}
