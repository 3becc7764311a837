import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toVoucherCard } from '@gm/shared/catalogue/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../config/paths.ts';
import { useRole } from '../../lib/auth.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ChevronLeftIcon } from '../../components/ui/icons.tsx';
import { VoucherCard } from '../../entities/catalogue/components/voucher-card.tsx';
import { voucherTypeLabel } from '../../entities/catalogue/voucher-format.ts';
import { useVoucherStatistics } from '../../features/seller-vouchers/api/seller-vouchers.ts';
import { InactiveBadge } from '../../features/seller-vouchers/components/flip-voucher-card.tsx';
import { useVoucherActions } from '../../features/seller-vouchers/components/use-voucher-actions.ts';
import NotFoundPage from './not-found.tsx';
import './voucher-statistic.css';

/** After deleting, the page goes back to the list after 2 s (02 §4). */
const AFTER_DELETE_MS = 2000;

const count = new Intl.NumberFormat('de-DE');

/** /vouchers/statistic/{id} (02 §2): the card, the 'Statistik' box and the voucher's actions. */
export default function VoucherStatisticPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const actions = useVoucherActions();
  const query = useVoucherStatistics(id);
  // Admins come from the admin voucher modal (issue 11): numbers only, the seller's actions stay the seller's.
  const isAdmin = useRole() === 'admin';
  const [deleted, setDeleted] = useState(false);
  const leaveTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);

  const { data: voucher, error } = query;
  if (error && !voucher) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <NotFoundPage />;
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Die Statistik konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
          Erneut versuchen
        </button>
      </section>
    );
  }
  if (!voucher) return <PageLoader label="Statistik wird geladen…" />;

  const { stats } = voucher;
  const tourism = voucher.is_tourism;
  const numbers = [
    ...(tourism
      ? []
      : [
          {
            label: 'Verkauft',
            value: count.format(stats.sold_count),
            note: voucher.type === 'quantity' ? `${count.format(stats.sold_qty)} Stück` : undefined,
            testId: 'stat-sold',
          },
          { label: 'Umsatz', value: formatEuro(stats.gross), note: 'inkl. MwSt.', testId: 'stat-gross' },
        ]),
    { label: 'Einlösungen', value: count.format(stats.redemption_count), testId: 'stat-redemptions' },
    { label: 'Eingelöster Wert', value: formatEuro(stats.redeemed_value), testId: 'stat-redeemed' },
  ];

  // 02 §4: on this page only the flag flips (the mutation sets it in the cached statistics).
  const toggle = () => void actions.toggle(voucher);

  async function remove() {
    if (!voucher || !(await actions.remove(voucher))) return;
    setDeleted(true);
    leaveTimer.current = window.setTimeout(() => navigate(paths.sellerVouchers, { replace: true }), AFTER_DELETE_MS);
  }

  return (
    <div className="container voucher-statistic" data-testid="voucher-statistic">
      <title>{`Statistik: ${voucher.title} – Gutscheinmarkt`}</title>
      <Link to={isAdmin ? paths.home : paths.sellerVouchers} className="back-link">
        <ChevronLeftIcon size={18} />
        {isAdmin ? 'Zur Startseite' : 'Meine Gutscheine'}
      </Link>
      <div className="voucher-statistic__grid">
        <div className={`voucher-statistic__card${voucher.is_active ? '' : ' is-inactive'}`}>
          <VoucherCard voucher={toVoucherCard(voucher)} headingLevel={2} interactive={false} />
          {!voucher.is_active && <InactiveBadge />}
        </div>

        <div className="voucher-statistic__content">
          <p className="page-header__eyebrow">{voucherTypeLabel(voucher.type)}</p>
          <h1 className="voucher-statistic__title">{voucher.title}</h1>
          <p className={`status-pill${voucher.is_active ? ' status-pill--active' : ''}`} data-testid="voucher-status">
            {voucher.is_active ? 'Aktiv' : 'Inaktiv'}
          </p>

          <section className="stat-box" aria-labelledby="stat-box-title">
            <h2 id="stat-box-title" className="stat-box__title">
              Statistik
            </h2>
            <dl className="stat-box__list">
              {numbers.map((entry) => (
                <div key={entry.label} className="stat-box__item">
                  <dt>{entry.label}</dt>
                  <dd data-testid={entry.testId}>
                    {entry.value}
                    {entry.note && <span className="stat-box__note">{entry.note}</span>}
                  </dd>
                </div>
              ))}
            </dl>
            {tourism && (
              <p className="field__hint">Bei Tourismus-Gutscheinen werden Verkäufe und Umsatz nicht angezeigt.</p>
            )}
          </section>

          {!isAdmin && (
            <div className="button-row">
              <Link to={paths.updateVoucher(voucher.id)} className="button button--primary">
                Gutschein bearbeiten
              </Link>
              {!tourism && (
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => void remove()}
                  disabled={actions.busy || deleted}
                >
                  Gutschein löschen
                </button>
              )}
              <button
                type="button"
                className="button button--outline"
                onClick={toggle}
                disabled={actions.busy || deleted}
              >
                {voucher.is_active ? 'Deaktivieren' : 'Aktivieren'}
              </button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
