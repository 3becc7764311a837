import { randomBytes } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { invoiceKeys, type InvoiceRecord } from '../../functions/src/repositories/order-repository.ts';

/**
 * `count` customer invoices of one seller, written as the items the invoice numbering puts
 * (`INVOICE#<no>` with the seller's GSI1 and the global GSI2 index) in BatchWrites: for the export
 * tests and the export bench, which need hundreds of invoices without running hundreds of checkouts.
 * Issued on `day` (YYYY-MM-DD, noon UTC), one second apart; numbers carry a random tag so runs never collide.
 */
export async function seedInvoices(sellerId: string, count: number, day: string): Promise<InvoiceRecord[]> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const base = Date.parse(`${day}T10:00:00Z`);
  const invoices: InvoiceRecord[] = Array.from({ length: count }, (_, i) => {
    const gross = 2500 + (i % 40) * 125;
    const net = Math.round(gross / 1.2);
    return {
      invoice_no: `RE-${tag}-${String(i + 1).padStart(6, '0')}`,
      order_id: `bench-order-${tag}-${i}`,
      order_no: `${tag}${String(i + 1).padStart(6, '0')}`,
      seller_id: sellerId,
      seller: { name: 'Alpenhof Testbetrieb GmbH', address: 'Dorfstraße 1, 6450 Sölden', vat_number: 'ATU12345678' },
      buyer: { name: `Käuferin ${i + 1}`, email: `buyer${i + 1}@example.test` },
      buyer_user_id: null,
      lines: [
        {
          title: `Wellness-Gutschein Nr. ${i + 1} für zwei Personen`,
          qty: 1,
          unit: gross,
          tax_rate: 20,
          net,
          tax: gross - net,
          gross,
        },
      ],
      discount: 0,
      multi_purpose: false,
      net,
      tax: gross - net,
      gross,
      issued_at: new Date(base + i * 1000).toISOString(),
    };
  });
  const items = invoices.map((record) => {
    const sortKey = `${record.issued_at}#${record.invoice_no}`;
    return {
      ...invoiceKeys.item(record.invoice_no),
      GSI1PK: invoiceKeys.sellerInvoices(sellerId),
      GSI1SK: sortKey,
      GSI2PK: invoiceKeys.allInvoices,
      GSI2SK: sortKey,
      entity: 'Invoice',
      ...record,
    };
  });
  const db = documentClient();
  const table = env().TABLE_NAME;
  for (let i = 0; i < items.length; i += 25) {
    let pending: Record<string, unknown>[] = items.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB Local keeps leaving items unprocessed');
      const out = await db.send(
        new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }),
      );
      pending = (out.UnprocessedItems?.[table] ?? []).map((r) => r.PutRequest?.Item as Record<string, unknown>);
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return invoices;
}
