import { randomInt, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { payoutLedger, EMPTY_SUMS } from '@gm/shared/payouts/ledger';
import type { TransferStatus } from '@gm/shared/payouts/contracts';
import { sellerInvoiceNo } from '@gm/shared/payouts/contracts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { documents } from '../../functions/src/lib/deps.ts';
import { env } from '../../functions/src/lib/env.ts';
import { sellerInvoiceKeys, type SellerInvoiceRecord } from '../../functions/src/repositories/seller-invoice-keys.ts';

/**
 * Issued seller invoices (Gutschriften) for the read/admin tests, written exactly as the payout run
 * issues them (seller-invoice-keys.ts: the item with its GSI1/GSI2/GSI3 keys once `status = issued`)
 * plus a small PDF at `pdf_key` in the private bucket. Numbers are random within the year's series,
 * so runs never collide. Optionally ADDs the invoice's payout to the seller's payout state
 * (`invoiced_payout`, and `paid_out` when its payment is complete), as the run's issue step does.
 */
export type InvoiceFixture = Partial<Omit<SellerInvoiceRecord, 'seller_id'>> & {
  seller_id: string;
  /** Gross sales and commission the figures are computed from (payoutLedger). */
  sales?: { gross: number; commission: number; processing_fees?: number };
};

export async function pdfBytes(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 780, size: 14, font });
  return doc.save();
}

/**
 * Numbers of this process's fixtures: consecutive from a random start, so one test's invoices never
 * share a number (500 random draws from 900,000 collided in about one run in eight, and the zip of
 * an export keys its entries by number).
 */
let nextInvoiceNumber = randomInt(100_000, 900_000);

export async function issueTestSellerInvoice(input: InvoiceFixture, options: { state?: boolean } = {}) {
  const issuedAt = input.issued_at ?? new Date().toISOString();
  const year = Number(issuedAt.slice(0, 4));
  const invoiceNo = input.invoice_no ?? sellerInvoiceNo(year, nextInvoiceNumber++);
  const sales = input.sales ?? { gross: 10_000, commission: 1_000, processing_fees: 150 };
  const fees = sales.processing_fees ?? 0;
  const figures = payoutLedger({
    ...EMPTY_SUMS,
    line_count: 2,
    gross: sales.gross,
    commission: sales.commission,
    processing_fees: fees,
    seller_net: sales.gross - sales.commission - fees,
  });
  const id = input.id ?? randomUUID();
  const company = input.company_name ?? 'Alpenhof Testbetrieb GmbH';
  const { sales: _sales, ...rest } = input;
  const record: SellerInvoiceRecord = {
    ...figures,
    id,
    invoice_no: invoiceNo,
    company_name: company,
    company_address: 'Dorfstraße 1, 6450 Sölden',
    seller_email: null,
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    status: 'issued',
    period_start: null,
    period_end: new Date(Date.parse(issuedAt) - 5 * 60_000).toISOString(),
    issued_at: issuedAt,
    created_by: 'schedule',
    email_sent: false,
    email_sent_at: null,
    transfer_status: 'paid' as TransferStatus,
    stripe_transfer_id: null,
    paid_at: null,
    pdf_key: sellerInvoiceKeys.pdf(invoiceNo, issuedAt),
    search_text: `${company} ${invoiceNo}`.toLowerCase(),
    ...rest,
  };
  await documents().put(record.pdf_key, await pdfBytes(`Gutschrift ${invoiceNo}`), 'application/pdf');
  const sortKey = sellerInvoiceKeys.sortKey(record.issued_at, record.id);
  await documentClient().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...sellerInvoiceKeys.item(record.id),
        GSI1PK: sellerInvoiceKeys.sellerIndex(record.seller_id),
        GSI1SK: sortKey,
        GSI2PK: sellerInvoiceKeys.allIndex,
        GSI2SK: sortKey,
        GSI3PK: sellerInvoiceKeys.statusIndex(record.email_sent),
        GSI3SK: sortKey,
        entity: 'SellerInvoice',
        ...record,
      },
    }),
  );
  if (options.state) {
    const paid = ['paid', 'completed', 'none'].includes(record.transfer_status) ? record.payout : 0;
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: sellerInvoiceKeys.state(record.seller_id),
        UpdateExpression: 'SET entity = :entity ADD invoiced_payout :payout, paid_out :paid',
        ExpressionAttributeValues: { ':entity': 'PayoutState', ':payout': record.payout, ':paid': paid },
      }),
    );
  }
  return record;
}
