import type { ExportLink } from '@gm/shared/admin/exports';
import { formatInvoiceDate } from '@gm/shared/dates/format';
import { viennaDayRange } from '@gm/shared/dates/vienna-range';
import { exportFileName, ORDER_CSV_HEADER, SELLER_TEXT, type InvoiceExportRequest } from '@gm/shared/seller/dashboard';
import type { Actor } from '../../lib/auth.ts';
import type { OrderRecord } from '../../repositories/order-repository.ts';
import type { Deps } from '../deps.ts';
import { csvMoney, writeCsv } from '../export-writers.ts';
import { sellerScope, toSellerOrder } from './seller-orders.ts';

/**
 * `seller-invoice/download-order-csv` (02 §2, §7): the completed orders of the period as CSV, written
 * to the private bucket and answered as a presigned link (issue 12). The PDF exports are in
 * invoice-exports.ts.
 */
export type ExportDeps = Pick<Deps, 'sellerDashboard' | 'exportFiles'>;
export type ParsedExport = {
  from: string;
  to: string;
  zip?: boolean | undefined;
  seller_id?: string | null | undefined;
};

const CHANNEL_LABEL: Record<OrderRecord['channel'], string> = {
  marketplace: 'Marktplatz',
  subdomain: 'Subdomain',
  direktverkauf: 'Direktverkauf',
};
const TYPE_LABEL: Record<string, string> = { quantity: 'Produktgutschein', value: 'Wertgutschein' };

export async function downloadOrderCsv(deps: ExportDeps, actor: Actor, input: ParsedExport): Promise<ExportLink> {
  const sellerId = sellerScope(actor, input.seller_id, { adminMayOmit: true });
  const { start, end } = viennaDayRange(input.from, input.to);
  const orders = await deps.sellerDashboard.ordersInRange(sellerId, start, end);
  const names = await deps.sellerDashboard.buyerNames(orders.flatMap((o) => (o.user_id ? [o.user_id] : [])));
  const rows = orders.map((record) => {
    const order = toSellerOrder(record);
    const buyer = record.user_id ? (names.get(record.user_id) ?? '') : order.buyer;
    return [
      order.order_no ?? '',
      order.invoice_no ?? '',
      formatInvoiceDate(order.created_at),
      order.voucher.title,
      TYPE_LABEL[order.voucher.type] ?? order.voucher.type,
      CHANNEL_LABEL[order.channel],
      buyer,
      order.total_qty,
      csvMoney(order.total_amount - order.discount),
      csvMoney(order.discount),
      csvMoney(order.commission),
      csvMoney(order.processing_fee),
      csvMoney(order.seller_net),
      order.reversed ? SELLER_TEXT.reversed : 'abgeschlossen',
    ];
  });
  return deps.exportFiles.write(
    {
      ownerId: actor.userId,
      filename: exportFileName.csv(input.from, input.to),
      contentType: 'text/csv; charset=utf-8',
    },
    (sink) => writeCsv(sink, [ORDER_CSV_HEADER, ...rows]),
  );
}

export type { InvoiceExportRequest };
