import { formatDate } from '@gm/shared/dates/format';
import { formatAmount } from '@gm/shared/money/money';
import { REDEMPTION_TEXT } from '@gm/shared/redemption/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadPdfStack, rgb } from '../../lib/pdf/pdf-stack.ts';
import type { RedemptionRecord } from '../../repositories/redemption-repository.ts';
import type { Deps } from '../deps.ts';
import { MARKETPLACE } from '../orders/invoice-pdf.ts';
import { winAnsi } from '../pdf-text.ts';

const euro = (cents: number) => `${formatAmount(cents)} €`;
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** The receipt of one redemption (02 §2 "PDF download per row"), rendered from the immutable ledger entry. */
export async function renderRedemptionPdf(redemption: RedemptionRecord, sellerName: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await loadPdfStack();
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Einlösebeleg ${redemption.redemption_no}`));
  doc.setAuthor(MARKETPLACE.name);
  doc.setCreationDate(new Date(redemption.created_at));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([420, 420]);
  let y = 380;
  const line = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 11;
    page.drawText(winAnsi(text), { x: 32, y, size, font: options.bold ? bold : font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 6 + (options.gap ?? 0);
  };
  line('Einlösebeleg', { size: 20, bold: true, gap: 8 });
  line(`Einlösenummer: ${redemption.redemption_no}`);
  line(`Datum: ${formatDate(redemption.created_at)}, ${timeOf(redemption.created_at)} Uhr`);
  line(`Bestellnummer: ${redemption.order_no}`, { gap: 8 });
  line('Gutschein', { bold: true });
  line(redemption.title);
  line(`Einlösender Betrieb: ${sellerName}`);
  line(`Eingelöst von: ${redemption.scanned_by.username}`, { gap: 8 });
  line(
    redemption.type === 'quantity'
      ? `Eingelöst: ${redemption.qty ?? 0} Stück (${euro(redemption.redeemed_value)})`
      : `Eingelöster Betrag: ${euro(redemption.redeemed_value)}`,
    { size: 13, bold: true, gap: 8 },
  );
  if (redemption.is_revoked)
    line(`${REDEMPTION_TEXT.revoked}${redemption.revoked_at ? ` am ${formatDate(redemption.revoked_at)}` : ''}`, {
      bold: true,
    });
  line(`${MARKETPLACE.name}, ${MARKETPLACE.street}, ${MARKETPLACE.place}`, { size: 8 });
  return doc.save({ useObjectStreams: false });
}

/** POST redemption/download-pdf {id}: the seller's own redemptions, an admin any (else 404). */
export async function downloadRedemptionPdf(
  deps: Pick<Deps, 'redemptions' | 'companies'>,
  actor: Actor,
  id: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const redemption = await deps.redemptions.get(id);
  if (!redemption || (actor.role !== 'admin' && redemption.seller_id !== actor.userId))
    throw new NotFoundError(REDEMPTION_TEXT.redemptionNotFound);
  const company = await deps.companies.getBySeller(redemption.seller_id);
  const pdf = await renderRedemptionPdf(redemption, company?.name ?? '');
  return { filename: `Einloesebeleg-${redemption.redemption_no}.pdf`, pdf };
}
