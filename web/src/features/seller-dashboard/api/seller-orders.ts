import {
  invoiceExportRequestSchema,
  sellerOrdersResponseSchema,
  SELLER_ORDERS_PAGE_SIZE,
} from '@gm/shared/seller/dashboard';
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';

/**
 * GET order as a seller (02 §7): one page of the seller's orders after `cursor` (null = newest);
 * `withStat` adds the dashboard numbers (02 §3 "Statistics payload").
 */
export function getSellerOrders(options: {
  cursor: string | null;
  page: number;
  withStat?: boolean;
  withRedemptions?: boolean;
  signal?: AbortSignal;
}) {
  return api.request('order', {
    query: {
      page: options.page,
      paginate: SELLER_ORDERS_PAGE_SIZE,
      cursor: options.cursor ?? undefined,
      with_stat: options.withStat ? 'true' : undefined,
      withRedemptions: options.withRedemptions ? 'true' : undefined,
    },
    schema: sellerOrdersResponseSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export type ExportKind = 'pdf' | 'csv';

const EXPORT_PATH: Record<ExportKind, string> = {
  pdf: 'seller-invoice/download-buyer-pdf-invoices',
  csv: 'seller-invoice/download-order-csv',
};

/** POST seller-invoice/download-buyer-pdf-invoices (zip) or download-order-csv → the file and its name from the server. */
export async function fetchExport(
  kind: ExportKind,
  from: string,
  to: string,
): Promise<{ blob: Blob; filename: string }> {
  const body = invoiceExportRequestSchema.parse({ from, to, ...(kind === 'pdf' ? { zip: true } : {}) });
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, EXPORT_PATH[kind]), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    (kind === 'pdf' ? `Rechnungen_${from}_${to}.zip` : `Bestellungen_${from}_${to}.csv`);
  return { blob: await response.blob(), filename };
}
