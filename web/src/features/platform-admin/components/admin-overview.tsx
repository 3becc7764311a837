import { Link } from 'react-router';
import { formatEuro } from '@gm/shared/money/money';
import { useAdminOverview } from '../api/overview.ts';
import './admin-overview.css';

/** The admin home's counts (issue 11): sellers waiting for activation (to /users, Sellers tab) today's sales (order lines) and open payouts (to /payout). */
export function AdminOverview() {
  const { data } = useAdminOverview();
  const counts = data?.data;
  return (
    <section className="admin-overview" aria-labelledby="admin-overview-title" data-testid="admin-overview">
      <h2 id="admin-overview-title" className="visually-hidden">
        Überblick
      </h2>
      <dl className="admin-overview__cards">
        <div className="admin-overview__card">
          <dt>Unternehmen warten auf Freischaltung</dt>
          <dd data-testid="overview-awaiting">{counts ? counts.sellers_awaiting_activation : '…'}</dd>
          <dd className="admin-overview__link">
            <Link to="/users?tab=sellers">Zu den Unternehmen</Link>
          </dd>
        </div>
        <div className="admin-overview__card">
          <dt>Verkäufe heute</dt>
          <dd data-testid="overview-orders-today">{counts ? counts.orders_today : '…'}</dd>
        </div>
        <div className="admin-overview__card">
          <dt>Offene Auszahlungen</dt>
          <dd data-testid="overview-open-payouts">{counts ? counts.open_payouts : '…'}</dd>
          {counts && counts.open_payouts > 0 ? (
            <dd className="admin-overview__amount">{formatEuro(counts.open_payout_amount)}</dd>
          ) : null}
          <dd className="admin-overview__link">
            <Link to="/payout">Zu den Auszahlungen</Link>
          </dd>
        </div>
      </dl>
      <p className="admin-overview__more">
        Außerdem: <Link to="/voucher-expired">Abgelaufene Gutscheine</Link> ·{' '}
        <Link to="/voucher-redemptions">Einlösungen</Link>
      </p>
    </section>
  );
}
