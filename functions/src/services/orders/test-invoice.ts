import type { InvoiceRecord } from '../../repositories/order-repository.ts';

/** Tests only: one stored invoice (a line title with text WinAnsi lacks), for the renderer's tests and the bundled-PDF test. */
export const sampleInvoice: InvoiceRecord = {
  invoice_no: 'RE-2026-K7M3Q-000042',
  order_id: 'o1',
  order_no: 'GM-2026-000007',
  seller_id: 's1',
  seller: { name: 'Alpen Spa GmbH', address: 'Hauptstraße 5, 6020 Innsbruck', vat_number: 'ATU12345678' },
  buyer: { name: 'Anna Käufer', email: 'buyer@example.com' },
  buyer_user_id: 'u1',
  lines: [
    { title: 'Wellness ♥ Tag – „Deluxe“ 🎁', qty: 2, unit: 4500, tax_rate: 20, net: 7500, tax: 1500, gross: 9000 },
  ],
  discount: 0,
  multi_purpose: false,
  net: 7500,
  tax: 1500,
  gross: 9000,
  issued_at: '2026-03-04T10:00:00.000Z',
};
