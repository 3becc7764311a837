import { viennaDayRange } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { isPaymentComplete } from '../../repositories/seller-invoice-keys.ts';
import type { ExportFiles } from '../../adapters/export-files.ts';
import type { Actor } from '../../lib/auth.ts';
import type { Deps } from '../deps.ts';
import { downloadOrderCsv } from '../seller/order-csv.ts';
import { addDays, previousMonth } from './reminder-days.ts';

/**
 * Issue 12 "Seller mails", monthly reporting: on the 1st of each month each seller with
 * `monthly_reporting` on gets last month's sales, redemptions and commission (from
 * `SELLER#<id>#STATS` / `MONTH#<yyyy-mm>`) with the month's order CSV attached (the same CSV as
 * 'Bestellungen' → CSV, services/seller/order-csv.ts). Once per seller and month: the item
 * `MONTHLY_REPORT#<sellerId>#<yyyy-mm>` is put with `attribute_not_exists` before the mail; a failed
 * mail deletes it again so the next run (or the Lambda retry) sends it. The month's payouts are the
 * seller invoices issued in it (GSI1 `SELLER#<id>#SELLER_INVOICES` by range): count, payout sum, paid.
 */
export type MonthlyReportDeps = Pick<
  Deps,
  'sellerMails' | 'sellerDashboard' | 'mailQueue' | 'clock' | 'payoutRuns' | 'log'
>;

/** The payouts of a month: invoices issued in it, their payout sum and what of it is paid (transferred or marked). */
export async function monthPayouts(
  deps: Pick<Deps, 'payoutRuns'>,
  sellerId: string,
  month: string,
): Promise<{ count: number; payout: number; paid: number }> {
  const days = monthDays(month);
  const { start, end } = viennaDayRange(days.from, days.to);
  const invoices = await deps.payoutRuns.issuedInRange(sellerId, start, end);
  return {
    count: invoices.length,
    payout: invoices.reduce((sum, invoice) => sum + invoice.payout, 0),
    paid: invoices.reduce((sum, invoice) => sum + (isPaymentComplete(invoice.transfer_status) ? invoice.payout : 0), 0),
  };
}

export type MonthlyReportRun = { month: string; sent: number; failed: number };

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** 'Dezember 2026' for '2026-12'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/** First and last Vienna day of a `yyyy-mm` month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}

/**
 * The order CSV of 'Bestellungen' (downloadOrderCsv, the same rows and format) collected in memory
 * for the attachment instead of written to the private bucket as a link: a month of one seller's
 * orders is small, and SES attachments must be inline anyway.
 */
async function orderCsvInMemory(
  deps: Pick<Deps, 'sellerDashboard'>,
  actor: Actor,
  period: { from: string; to: string },
): Promise<{ filename: string; content: Uint8Array }> {
  const chunks: Uint8Array[] = [];
  let filename = '';
  const exportFiles: ExportFiles = {
    async write(input, produce) {
      filename = input.filename;
      await produce({ write: (chunk) => void chunks.push(chunk), drained: async () => undefined });
      return { url: '', expires_in: 0, filename };
    },
  };
  await downloadOrderCsv({ sellerDashboard: deps.sellerDashboard, exportFiles }, actor, period);
  return { filename, content: Buffer.concat(chunks) };
}

export async function sendMonthlyReports(deps: MonthlyReportDeps, now: Date = deps.clock()): Promise<MonthlyReportRun> {
  const month = previousMonth(now);
  const run: MonthlyReportRun = { month, sent: 0, failed: 0 };
  for (const seller of await deps.sellerMails.monthlyReportingSellers()) {
    const to = seller.order_email?.trim() || seller.email;
    if (!to) continue;
    const at = deps.clock().toISOString();
    if (!(await deps.sellerMails.claimMonthlyReport(seller.id, month, at))) continue;
    try {
      const stats = await deps.sellerMails.monthStats(seller.id, month);
      const payouts = await monthPayouts(deps, seller.id, month);
      const actor = { userId: seller.id, role: 'seller' } as Actor;
      const csv = await orderCsvInMemory(deps, actor, monthDays(month));
      await deps.mailQueue.enqueue({
        kind: 'mail',
        mail: {
          to,
          subject: `Dein Monatsbericht ${monthLabel(month)} – Gutscheinmarkt`,
          text: [
            seller.first_name ? `Hallo ${seller.first_name},` : 'Hallo,',
            '',
            `hier ist dein Monatsbericht für ${monthLabel(month)}.`,
            '',
            `Verkaufte Gutscheine: ${stats.sold_qty} (${stats.sold_count} Bestellungen)`,
            `Umsatz: ${formatEuro(stats.gross)}`,
            `Provision: ${formatEuro(stats.commission)}`,
            `Bearbeitungsgebühr: ${formatEuro(stats.processing_fee)}`,
            `Dein Anteil: ${formatEuro(stats.seller_net)}`,
            `Einlösungen: ${stats.redemption_count} (${formatEuro(stats.redeemed_value)})`,
            ...(stats.reversed_count
              ? [`Stornierungen: ${stats.reversed_count} (${formatEuro(stats.reversed_gross)})`]
              : []),
            `Gutschriften: ${payouts.count} (Auszahlungsbetrag ${formatEuro(payouts.payout)}, davon ausgezahlt ${formatEuro(payouts.paid)})`,
            '',
            'Im Anhang findest du alle Bestellungen des Monats als CSV-Datei.',
            '',
            'Dein Gutscheinmarkt-Team',
          ].join('\n'),
          attachments: [{ filename: csv.filename, contentType: 'text/csv', content: csv.content }],
        },
      });
      run.sent++;
    } catch (error) {
      await deps.sellerMails.releaseMonthlyReport(seller.id, month, at).catch(() => undefined);
      run.failed++;
      deps.log.error('monthly report failed', { sellerId: seller.id, month, error });
    }
  }
  return run;
}
