import { SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { InvoiceExport } from '../../features/seller-dashboard/components/invoice-export.tsx';
import { SellerOrdersTable } from '../../features/seller-dashboard/components/seller-orders-table.tsx';
import { AccountingPanel } from '../../features/accounting/components/accounting-panel.tsx';
import { SellerPayoutsSection } from '../../features/seller-payouts/components/seller-payouts-section.tsx';
import { RedemptionsTable } from '../../features/redemption/components/redemptions-table.tsx';

/** /orders-earnings 'Bestellungen' (02 §2): invoice download by date range, the seller's
 * Gutschriften and payouts (issue 12), the seller's orders, their redemptions. */
export default function OrdersEarningsPage() {
  return (
    <div className="container seller-orders-page" data-testid="orders-earnings">
      <title>{`${SELLER_TEXT.ordersTitle} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1>{SELLER_TEXT.ordersTitle}</h1>
      </header>
      <InvoiceExport />
      <AccountingPanel />
      <SellerPayoutsSection />
      <SellerOrdersTable />
      <section className="seller-redemptions" aria-labelledby="seller-redemptions-title">
        <h2 id="seller-redemptions-title" className="seller-section__title">
          Eingelöst
        </h2>
        <RedemptionsTable scope="seller" />
      </section>
    </div>
  );
}
