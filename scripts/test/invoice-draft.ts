import type { InvoiceDraft } from '../../functions/src/repositories/order-repository.ts';

/**
 * An invoice draft as the completion writes it (`ORDER#<orderId>/INVOICE_DRAFT`, issue 15): one line
 * of `gross` cents at 20 % VAT, for the numbering's int test and the aggregation bench.
 */
export function testInvoiceDraft(d: {
  orderId: string;
  sellerId: string;
  code: string;
  issuedAt: string;
  orderNo: string;
  gross?: number;
}): InvoiceDraft {
  const gross = d.gross ?? 1000;
  const net = Math.round(gross / 1.2);
  return {
    year: d.issuedAt.slice(0, 4),
    code: d.code,
    order_id: d.orderId,
    order_no: d.orderNo,
    seller_id: d.sellerId,
    seller: { name: 'Bäckerei Test', address: null, vat_number: null },
    buyer: { name: 'Kim Käufer', email: 'kim@test.example' },
    buyer_user_id: null,
    lines: [{ title: 'Brot', qty: 1, unit: gross, tax_rate: 20, net, tax: gross - net, gross }],
    discount: 0,
    multi_purpose: false,
    net,
    tax: gross - net,
    gross,
    issued_at: d.issuedAt,
  };
}
