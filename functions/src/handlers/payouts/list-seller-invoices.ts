import { sellerInvoiceListQuerySchema } from '@gm/shared/payouts/contracts';
import { resolve, sellerInvoices } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listSellerInvoices } from '../../services/payouts/seller-invoices.ts';

/** GET seller-invoice?keyword=&from=&to=&seller_id=&status=&page=&cursor= (admin: all; seller: own only). */
export const handler = http('GET seller-invoice', async ({ actor, query, apiBaseUrl }) => {
  const input = parse(sellerInvoiceListQuerySchema, query);
  const pageUrl = (page: number, cursor: string) => {
    const params = new URLSearchParams({ page: String(page), paginate: String(input.paginate), cursor });
    for (const name of ['keyword', 'from', 'to', 'seller_id', 'status'] as const) {
      const value = input[name];
      if (value) params.set(name, value);
    }
    return `${apiBaseUrl}seller-invoice?${params}`;
  };
  return json(200, await listSellerInvoices(resolve({ sellerInvoices }), actor, input, pageUrl));
});
