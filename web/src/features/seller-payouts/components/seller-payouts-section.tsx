import { formatEuro } from '@gm/shared/money/money';
import type { SellerInvoice } from '@gm/shared/payouts/contracts';
import type { SellerStatistics } from '@gm/shared/seller/dashboard';
import { TEXT } from '@gm/shared/validation/messages';
import { useSellerDashboard } from '../../../entities/seller-data/api/seller-dashboard.ts';
import { nextPayoutText, paidOutOf, payoutEveryText } from '../../../entities/seller-data/payout-figures.ts';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { useSellerInvoicePages, useSellerInvoicePdf } from '../api/seller-invoices.ts';
import { SellerInvoicesTable } from './seller-invoices-table.tsx';
import './seller-payouts.css';

/**
 * 'Abrechnungen & Auszahlungen' on /orders-earnings (issue 12 "Seller side"): what was paid out, what
 * waits and when the next payout comes — the dashboard's figures from the same query — and the
 * seller's Gutschriften, 10 a page, each with its PDF.
 */
export function SellerPayoutsSection() {
  const dashboard = useSellerDashboard();
  const invoices = useSellerInvoicePages();
  const download = usePdfDownload();
  const rows = invoices.data?.data ?? [];
  const stats = dashboard.data?.stats;

  return (
    <section className="seller-payouts" aria-labelledby="seller-payouts-title" data-testid="seller-payouts">
      <h2 id="seller-payouts-title" className="seller-payouts__title">
        Abrechnungen &amp; Auszahlungen
      </h2>
      {stats && <PayoutFigures payout={stats.payout} />}
      {invoices.error && !invoices.data ? (
        <LoadFailed
          text="Die Gutschriften konnten gerade nicht geladen werden."
          onRetry={() => void invoices.refetch()}
        />
      ) : !invoices.data ? (
        <PageLoader label="Gutschriften werden geladen…" />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <SellerInvoicesTable
            invoices={rows}
            busy={invoices.paging}
            downloading={download.pending}
            onDownload={(invoice) => void download.run(invoice)}
          />
          <Pagination
            page={invoices.page}
            lastPage={invoices.lastPage}
            onPageChange={invoices.goTo}
            busy={invoices.paging}
            label="Gutschriften"
          />
        </>
      )}
    </section>
  );
}

/** The dashboard's payout figures (02 §2), as the seller's /home shows them. */
function PayoutFigures({ payout }: { payout: SellerStatistics['payout'] }) {
  return (
    <dl className="seller-payouts__summary" aria-label="Auszahlungen">
      <div className="seller-payouts__figure card">
        <dt>Ausgezahlt gesamt</dt>
        <dd data-testid="payouts-paid-out">{formatEuro(paidOutOf(payout))}</dd>
      </div>
      <div className="seller-payouts__figure card">
        <dt>Wartet auf Auszahlung</dt>
        <dd data-testid="payouts-waiting">{formatEuro(payout.waiting_for_payout)}</dd>
      </div>
      <div className="seller-payouts__figure card">
        <dt>Nächste Auszahlung</dt>
        <dd>
          <span data-testid="payouts-next">{nextPayoutText(payout.days_until_next_payout)}</span>
          <span className="seller-payouts__schedule" data-testid="payouts-every">
            ({payoutEveryText(payout.payout_every)})
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** One Gutschrift's PDF; a failure shows the spec's download warning. */
function usePdfDownload() {
  const dialog = useDialog();
  const pdf = useSellerInvoicePdf();
  return {
    pending: pdf.isPending ? (pdf.variables?.id ?? null) : null,
    run: async (invoice: SellerInvoice) => {
      try {
        await pdf.mutateAsync(invoice);
      } catch (failure) {
        console.error('Gutschrift download failed', failure);
        await dialog.warning(`${TEXT.attention} ${TEXT.genericError}`, { title: TEXT.attention });
      }
    },
  };
}
