import type { Paged } from '@gm/shared/api/paged';
import { EXPIRED_CSV_HEADER, expiredCsvFileName, HOLDER_LABEL, type ExpiredVoucher } from '@gm/shared/admin/platform';
import { formatDate } from '@gm/shared/dates/format';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import type { ExpiredRecord } from '../../repositories/platform-admin-repository.ts';
import { userVoucherKeys } from '../../repositories/user-voucher-repository.ts';
import { cursorPage } from '../cursor-paging.ts';
import type { Deps } from '../deps.ts';
import type { ExportLink } from '@gm/shared/admin/exports';
import type { Actor } from '../../lib/auth.ts';
import { csvMoney, writeCsv } from '../export-writers.ts';

/**
 * /voucher-expired (03 §2; issue 11): bought vouchers whose validity ended (last valid day before
 * today in Vienna) and that still hold value, with holder, seller and expiry date. The spec's
 * placeholder table is built out: the operator needs to see the value left on expired vouchers.
 */
type ExpiredDeps = Pick<Deps, 'platformAdmin' | 'clock'>;

/** The rows of some records, with their holders' names (one BatchGet). */
async function toRows(deps: ExpiredDeps, records: ExpiredRecord[]): Promise<ExpiredVoucher[]> {
  const names = await deps.platformAdmin.userNames(records.flatMap((r) => (r.owner_user_id ? [r.owner_user_id] : [])));
  return records.map((r) => toRow(r, names));
}

function toRow(r: ExpiredRecord, names: Map<string, string>): ExpiredVoucher {
  const seller = r.voucher?.seller;
  return {
    id: r.id,
    order_no: r.order_no ?? '',
    voucher_id: r.voucher_id,
    title: r.voucher?.title ?? '',
    type: r.type === 'quantity' ? 'quantity' : 'value',
    remaining_value: r.remaining_value ?? 0,
    remaining_qty: r.remaining_qty ?? 0,
    holder: r.owner_user_id
      ? { kind: 'user', label: names.get(r.owner_user_id) ?? null, user_id: r.owner_user_id }
      : r.owner_guest_email
        ? { kind: 'guest', label: r.owner_guest_email, user_id: null }
        : { kind: 'unclaimed', label: null, user_id: null },
    seller: { id: r.seller_id, name: seller?.company?.name || seller?.username || '' },
    valid_until: r.valid_until,
  };
}

/**
 * Items of the range a page view may count ahead (issue 15): the range grows forever and moves with
 * today, so no counter can hold it; ≈ 500 user vouchers ≈ one 1 MB Query page.
 */
export const COUNT_BUDGET = 500;

/**
 * GET user-voucher/expired (admin): most recently expired first, 10 per page. Expired vouchers with
 * value accumulate, so a page is one `Limit` Query from the `cursor` of next_page_url (a page number
 * without a cursor walks from the start) and `total` counts ahead from the page's start within
 * COUNT_BUDGET items: exact near the end, else a lower bound (`total_exact: false`) that grows as
 * the admin pages on.
 */
export async function listExpiredVouchers(
  deps: ExpiredDeps,
  input: { page: number; paginate: number; cursor?: string | undefined },
  pageUrl: (page: number, cursor: string) => string,
): Promise<Paged<ExpiredVoucher>> {
  const today = viennaDay(deps.clock());
  const page = await cursorPage({
    page: input.page,
    perPage: input.paginate,
    cursor: input.cursor,
    partition: { index: 'GSI3', pk: userVoucherKeys.expiry },
    read: (limit, start) => deps.platformAdmin.expiredPage(today, limit, start),
    total: { ahead: (start) => deps.platformAdmin.countExpiredAhead(today, COUNT_BUDGET, start) },
    pageUrl,
  });
  return { ...page, data: await toRows(deps, page.data) };
}

/**
 * POST user-voucher/expired/download-csv (admin): every row of the list, UTF-8 with BOM, `;`-separated,
 * written to the private bucket and answered as a presigned link (issue 12: no size limit).
 */
export async function downloadExpiredCsv(
  deps: ExpiredDeps & Pick<Deps, 'exportFiles'>,
  actor: Pick<Actor, 'userId'>,
): Promise<ExportLink> {
  const today = viennaDay(deps.clock());
  const records = await deps.platformAdmin.expiredWithValue(today);
  const rows = (await toRows(deps, records)).map((row) => [
    row.order_no,
    row.title,
    row.type === 'quantity' ? 'Produktgutschein' : 'Wertgutschein',
    csvMoney(row.remaining_value),
    row.type === 'quantity' ? row.remaining_qty : '',
    row.holder.label ?? HOLDER_LABEL.unclaimed,
    row.seller.name,
    formatDate(row.valid_until),
  ]);
  return deps.exportFiles.write(
    { ownerId: actor.userId, filename: expiredCsvFileName(today), contentType: 'text/csv; charset=utf-8' },
    (sink) => writeCsv(sink, [[...EXPIRED_CSV_HEADER], ...rows]),
  );
}
