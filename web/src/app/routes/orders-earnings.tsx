import { lazy, Suspense, type ComponentType } from 'react';
import { SELLER_TEXT } from '@gm/shared/seller/dashboard';
import { InvoiceExport } from '../../features/seller-dashboard/components/invoice-export.tsx';
import { SellerOrdersTable } from '../../features/seller-dashboard/components/seller-orders-table.tsx';

/** The redemptions table of the redemption feature, mounted here when it exists (02 §2 'Bestellungen': orders and redemptions). */
const redemptionModules = import.meta.glob<{ RedemptionsTable: ComponentType<{ scope: 'seller' | 'admin' }> }>(
  '../../features/redemption/components/redemptions-table.tsx',
);
const loadRedemptions = Object.values(redemptionModules)[0];
const RedemptionsTable = loadRedemptions
  ? lazy(async () => ({ default: (await loadRedemptions()).RedemptionsTable }))
  : null;

/** /orders-earnings 'Bestellungen' (02 §2): invoice download by date range, the seller's orders, their redemptions. */
export default function OrdersEarningsPage() {
  return (
    <div className="container seller-orders-page" data-testid="orders-earnings">
      <title>{`${SELLER_TEXT.ordersTitle} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1>{SELLER_TEXT.ordersTitle}</h1>
      </header>
      <InvoiceExport />
      <SellerOrdersTable />
      {RedemptionsTable && (
        <section className="seller-redemptions" aria-labelledby="seller-redemptions-title">
          <h2 id="seller-redemptions-title" className="seller-section__title">
            Eingelöst
          </h2>
          <Suspense fallback={null}>
            <RedemptionsTable scope="seller" />
          </Suspense>
        </section>
      )}
    </div>
  );
}
