import type { ExportLink } from '@gm/shared/admin/exports';
import { PAYOUT_TEXT } from '@gm/shared/payouts/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sellerInvoiceKeys, type SellerInvoiceRecord } from '../../repositories/seller-invoice-keys.ts';
import type { Deps } from '../deps.ts';
import { writeZip } from '../export-writers.ts';
import { renderSellerInvoicePdf, type SellerInvoicePdfSource } from './seller-invoice-pdf.ts';
import {
  exportInvoices,
  PDF_MISSING,
  sellerInvoiceExportName,
  sellerInvoiceFilename,
  sellerInvoiceMailText,
  visibleInvoice,
  type ExportInput,
} from './seller-invoices.ts';

/**
 * The Gutschrift PDFs where they are downloaded or mailed (issue 15): the payout run (a Lambda that
 * carries Stripe) stores only what the PDF shows (`pdfSource`, JSON); these render it. Invoices issued
 * before that have their PDF stored at `pdf_key`, which is served as it is.
 */
export async function sellerInvoicePdfBytes(
  deps: Pick<Deps, 'privateFileReader'>,
  invoice: SellerInvoiceRecord,
): Promise<Uint8Array | undefined> {
  // One read per invoice (the zip reads hundreds): the record says which form it has.
  if (invoice.pdf_source_key) return renderSource(await deps.privateFileReader.read(invoice.pdf_source_key));
  const pdf = await deps.privateFileReader.read(invoice.pdf_key);
  if (pdf) return pdf;
  // Claimed before the record carried `pdf_source_key` and issued after (a run resumed across a deploy).
  return renderSource(await deps.privateFileReader.read(sellerInvoiceKeys.pdfSource(invoice.pdf_key)));
}

async function renderSource(source: Uint8Array | undefined): Promise<Uint8Array | undefined> {
  if (!source) return undefined;
  const { invoice, figures, lines } = JSON.parse(new TextDecoder().decode(source)) as SellerInvoicePdfSource;
  return renderSellerInvoicePdf(invoice, figures, lines);
}

/** GET seller-invoice/{id}/pdf: the Gutschrift (rendered from what the run stored before the invoice was issued). */
export async function sellerInvoicePdf(
  deps: Pick<Deps, 'sellerInvoices' | 'privateFileReader'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  id: string,
): Promise<{ data: Uint8Array; filename: string }> {
  const invoice = await visibleInvoice(deps, actor, id);
  const data = await sellerInvoicePdfBytes(deps, invoice);
  if (!data) throw new NotFoundError(PDF_MISSING);
  return { data, filename: sellerInvoiceFilename(invoice.invoice_no) };
}

/** PDFs fetched (and rendered) ahead of the one being zipped. */
const READ_AHEAD = 4;

/**
 * POST seller-invoice/download-pdf-invoices: the PDFs of the range as a zip streamed into the
 * private bucket (a few PDFs in memory at a time), answered as a presigned link.
 */
export async function downloadSellerInvoicePdfs(
  deps: Pick<Deps, 'sellerInvoices' | 'privateFileReader' | 'exportFiles'>,
  actor: Pick<Actor, 'role' | 'userId'>,
  input: ExportInput,
): Promise<ExportLink> {
  const invoices = await exportInvoices(deps, actor, input);
  // Read-ahead: the next few PDFs are fetched and rendered while one is zipped, so S3 latency does
  // not add up; at most READ_AHEAD + 1 PDFs (a few kB each) are held.
  const reads = new Map<number, Promise<Uint8Array>>();
  const read = (index: number) => {
    const invoice = invoices[index];
    if (!invoice || reads.has(index)) return;
    const pending = sellerInvoicePdfBytes(deps, invoice).then((pdf) => {
      if (!pdf) throw new Error(`seller invoice PDF missing: ${invoice.pdf_key}`);
      return pdf;
    });
    pending.catch(() => undefined);
    reads.set(index, pending);
  };
  return deps.exportFiles.write(
    {
      ownerId: actor.userId,
      filename: sellerInvoiceExportName.zip(input.from, input.to),
      contentType: 'application/zip',
    },
    (sink) =>
      writeZip(
        sink,
        invoices.map((invoice, index) => ({
          name: sellerInvoiceFilename(invoice.invoice_no),
          data: async () => {
            for (let next = index; next <= index + READ_AHEAD; next++) read(next);
            const pdf = await reads.get(index)!;
            reads.delete(index);
            return pdf;
          },
        })),
      ),
  );
}

export type SellerInvoiceMailDeps = Pick<Deps, 'sellerInvoices' | 'privateFileReader' | 'mailer'>;

/**
 * The mail worker's `seller-invoice` job (GET seller-invoice/send-invoice/{id} enqueues it): the
 * Gutschrift with its PDF to the address the route chose. Throws when it cannot be rendered, so the
 * queue delivers the job again.
 */
export async function mailSellerInvoice(deps: SellerInvoiceMailDeps, invoiceId: string, to: string): Promise<void> {
  const invoice = await deps.sellerInvoices.get(invoiceId);
  if (!invoice) throw new Error(`seller invoice ${invoiceId} is gone`);
  const pdf = await sellerInvoicePdfBytes(deps, invoice);
  if (!pdf) throw new Error(`seller invoice PDF missing: ${invoice.pdf_key}`);
  await deps.mailer.send({
    to,
    subject: PAYOUT_TEXT.mailSubject(invoice.invoice_no),
    text: sellerInvoiceMailText(invoice),
    attachments: [
      { filename: sellerInvoiceFilename(invoice.invoice_no), contentType: 'application/pdf', content: pdf },
    ],
  });
}
