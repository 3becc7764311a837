import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ACTIVATION_TEXT } from '@gm/shared/admin/seller-activation';
import type { ApiUser } from '@gm/shared/auth/contracts';
import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import {
  SELLER_TEXT,
  SELLER_ORDERS_PAGE_SIZE,
  type SellerOrdersResponse,
  type SellerStatistics,
} from '@gm/shared/seller/dashboard';
import { paths } from '../../../config/paths.ts';
import { useSellerDashboard } from '../../../entities/seller-data/api/seller-dashboard.ts';
import { nextPayoutText, payoutEveryText } from '../../../entities/seller-data/payout-figures.ts';
import { StartPayoutSetupButton } from '../../../entities/payout-account/components/payout-setup.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { CHANNEL_LABEL } from './seller-orders-table.tsx';
import './seller-dashboard.css';
import './seller-section.css';
import './seller-orders.css';

const count = new Intl.NumberFormat('de-DE');

/**
 * The seller's /home (02 §2): sold vouchers, total payout, waiting payout, next payout in days,
 * payout every N days, the cards today / this week / this month and the newest orders — one
 * `GET order?with_stat` (the stats items in one BatchGet). Tourism sellers see no statistics; payout
 * not enabled shows the documents banner; can_generate shows the team card portal welcome once per session.
 */
export function SellerDashboard({ user, links }: { user: ApiUser; links: ReactNode }) {
  const { data, error, isLoading, refetch } = useSellerDashboard();
  const stats = data?.stats;
  return (
    <section className="container role-home seller-dashboard" data-testid="seller-dashboard">
      <title>Dashboard – Gutscheinmarkt</title>
      <header className="page-header">
        <p className="page-header__eyebrow">{SELLER_TEXT.title}</p>
        <h1>Hallo {user.username}</h1>
      </header>
      {!user.isActivated && <ActivationNotice />}
      {stats && !stats.isPayoutEnabled && <PayoutBanner />}
      {user.can_generate && <WelcomeModal userId={user.id} />}
      {!user.is_tourism &&
        (error && !data ? (
          <LoadFailed text="Die Zahlen konnten gerade nicht geladen werden." onRetry={() => void refetch()} />
        ) : !stats ? (
          isLoading && <PageLoader label="Dashboard wird geladen…" />
        ) : (
          <>
            <PayoutSummary stats={stats} />
            <PeriodCards stats={stats} />
            <LatestOrders orders={data.data} />
          </>
        ))}
      {links}
    </section>
  );
}

/**
 * "Verkaufte Gutscheine" counts vouchers (units), everywhere: the total, the period cards and the
 * order CSV's "Menge" of the same period add up to the same number (3 massages in one order are 3).
 */
function PayoutSummary({ stats }: { stats: SellerStatistics }) {
  const items = [
    { label: 'Verkaufte Gutscheine', value: count.format(stats.voucher_total), testId: 'dash-sold-total' },
    { label: 'Auszahlung gesamt', value: formatEuro(stats.payout.total_seller_earnings), testId: 'dash-total-payout' },
    {
      label: 'Wartet auf Auszahlung',
      value: formatEuro(stats.payout.waiting_for_payout),
      testId: 'dash-waiting-payout',
    },
    {
      label: 'Nächste Auszahlung',
      value: nextPayoutText(stats.payout.days_until_next_payout),
      testId: 'dash-next-payout',
    },
    { label: 'Auszahlung', value: payoutEveryText(stats.payout.payout_every), testId: 'dash-payout-every' },
  ];
  return (
    <dl className="seller-summary" aria-label="Verkäufe und Auszahlungen">
      {items.map((item) => (
        <div key={item.label} className="seller-summary__item card">
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PeriodCards({ stats }: { stats: SellerStatistics }) {
  const periods = [
    {
      key: 'today',
      title: 'Heute',
      sales: stats.voucher_daily,
      earnings: stats.seller_daily_earnings,
      redemptions: stats.daily_redemptions,
    },
    {
      key: 'week',
      title: 'Diese Woche',
      sales: stats.voucher_week,
      earnings: stats.seller_weekly_earnings,
      redemptions: stats.weekly_redemptions,
    },
    {
      key: 'month',
      title: 'Dieser Monat',
      sales: stats.voucher_month,
      earnings: stats.seller_monthly_earnings,
      redemptions: stats.monthly_redemptions,
    },
  ];
  return (
    <div className="seller-periods">
      {periods.map((p) => (
        <section
          key={p.key}
          className="card seller-period"
          aria-labelledby={`period-${p.key}`}
          data-testid={`dash-period-${p.key}`}
        >
          <h2 id={`period-${p.key}`} className="seller-period__title">
            {p.title}
          </h2>
          <dl className="seller-period__list">
            <div>
              <dt>Verkaufte Gutscheine</dt>
              <dd data-testid={`dash-${p.key}-sales`}>{count.format(p.sales)}</dd>
            </div>
            <div>
              <dt>Einnahmen</dt>
              <dd data-testid={`dash-${p.key}-earnings`}>{formatEuro(p.earnings)}</dd>
            </div>
            <div>
              <dt>Einlösungen</dt>
              <dd data-testid={`dash-${p.key}-redemptions`}>{count.format(p.redemptions)}</dd>
            </div>
          </dl>
        </section>
      ))}
    </div>
  );
}

function LatestOrders({ orders }: { orders: SellerOrdersResponse['data'] }) {
  return (
    <section className="seller-latest" aria-labelledby="latest-orders-title">
      <div className="seller-section__head">
        <h2 id="latest-orders-title" className="seller-section__title">
          Letzte Bestellungen
        </h2>
        <Link to={paths.ordersEarnings} className="link-button">
          Alle Bestellungen
        </Link>
      </div>
      {orders.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="table-scroll seller-orders__scroll">
          <table className="orders-table orders-table--cards seller-orders__table" data-testid="dash-orders">
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Bestellnummer</th>
                <th scope="col">Gutschein</th>
                <th scope="col">Kanal</th>
                <th scope="col" className="orders-table__amount">
                  Erlös
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.slice(0, SELLER_ORDERS_PAGE_SIZE).map((order) => (
                <tr key={order.id}>
                  <td data-label="Datum">{formatDate(order.created_at)}</td>
                  <td data-label="Bestellnummer">{order.order_no ?? '–'}</td>
                  <td data-label="Gutschein" className="seller-orders__title">
                    {order.voucher.title}
                  </td>
                  <td data-label="Kanal">{order.reversed ? SELLER_TEXT.reversed : CHANNEL_LABEL[order.channel]}</td>
                  <td data-label="Erlös" className="orders-table__amount">
                    {formatEuro(order.seller_net)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** 02 §2: while payout is not enabled, the dashboard asks for the verification documents (profile tab 2). */
/** Issue 11: until an admin activates the seller, nothing of theirs is listed, sold or redeemed (02 §1). */
export function ActivationNotice() {
  return (
    <div className="notice notice--info role-home__banner" role="status" data-testid="activation-notice">
      <AlertIcon size={22} />
      <div>
        <p className="notice__title">{ACTIVATION_TEXT.dashboardNoticeTitle}</p>
        <p>{ACTIVATION_TEXT.dashboardNotice}</p>
      </div>
    </div>
  );
}

export function PayoutBanner() {
  return (
    <div className="notice notice--warning role-home__banner" data-testid="documents-banner">
      <AlertIcon size={22} />
      <div>
        <p className="notice__title">{SELLER_TEXT.payoutBannerTitle}</p>
        <p>
          Damit wir dein Konto prüfen und Auszahlungen freischalten können, brauchen wir deine Ausweisdokumente. Lade
          sie bitte in deinem Profil unter „Verifizierung“ hoch – nach der Prüfung melden wir uns innerhalb von 24
          Stunden. Dein Auszahlungskonto richtest du einmalig bei unserem Zahlungsdienstleister Stripe ein.
        </p>
        <p className="role-home__banner-action">
          <StartPayoutSetupButton className="button button--primary button--small" />
          <Link to={paths.profileVerification}>Dokumente hochladen</Link>
        </p>
      </div>
    </div>
  );
}

const welcomeKey = (userId: string) => `gm-team-portal-welcome:${userId}`;

/** can_generate (02 §2): a welcome to the team card portal, shown once per browser session. */
function WelcomeModal({ userId }: { userId: string }) {
  const [open, setOpen] = useState(() => {
    try {
      return sessionStorage.getItem(welcomeKey(userId)) !== '1';
    } catch {
      return true;
    }
  });
  const close = () => {
    try {
      sessionStorage.setItem(welcomeKey(userId), '1');
    } catch {
      // storage unavailable: it shows again next time
    }
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy="welcome-title"
      describedBy="welcome-text"
      className="message-dialog message-dialog--info"
      testId="welcome-modal"
    >
      <div className="modal__surface">
        <h2 id="welcome-title" className="message-dialog__title">
          {SELLER_TEXT.welcomeTitle}
        </h2>
        <p id="welcome-text" className="message-dialog__text">
          Als Partner kannst du für dein Team Mitarbeiter-Codes erzeugen. Deine Mitarbeiter lösen damit ihre Team-Karten
          bei den teilnehmenden Betrieben ein.
        </p>
        <div className="message-dialog__actions">
          <button type="button" className="button button--primary" onClick={close}>
            Verstanden
          </button>
        </div>
      </div>
    </Modal>
  );
}
