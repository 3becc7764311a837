import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toVoucherCard, type VoucherWithStats } from '@gm/shared/catalogue/contracts';
import { formatEuro } from '@gm/shared/money/money';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ChevronLeftIcon } from '../../components/ui/icons.tsx';
import { VoucherCard } from '../../entities/catalogue/components/voucher-card.tsx';
import { voucherTypeLabel } from '../../entities/catalogue/voucher-format.ts';
import { getVoucherWithStats } from '../../features/seller-vouchers/api/get-own-voucher.ts';
import { InactiveBadge } from '../../features/seller-vouchers/components/flip-voucher-card.tsx';
import { useVoucherActions } from '../../features/seller-vouchers/components/use-voucher-actions.ts';
import NotFoundPage from './not-found.tsx';
import './voucher-statistic.css';

/** After deleting, the page goes back to the list after 2 s (02 §4). */
const AFTER_DELETE_MS = 2000;

type Loaded = { id: string; voucher?: VoucherWithStats; error?: ApiError };

const count = new Intl.NumberFormat('de-DE');

/** /vouchers/statistic/{id} (02 §2): the card, the 'Statistik' box and the voucher's actions. */
export default function VoucherStatisticPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const actions = useVoucherActions();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [deleted, setDeleted] = useState(false);
  const leaveTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    getVoucherWithStats(id, controller.signal).then(
      (voucher) => setLoaded({ id, voucher }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the voucher statistics failed', error);
        setLoaded({ id, error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);

  const current = loaded?.id === id ? loaded : null;
  if (current?.error?.status === 404 || current?.error?.status === 403) return <NotFoundPage />;
  if (current?.error) {
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Die Statistik konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          Erneut versuchen
        </button>
      </section>
    );
  }
  const voucher = current?.voucher;
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

  async function toggle() {
    if (!voucher) return;
    const updated = await actions.toggle(voucher);
    // 02 §4: on this page only the local flag flips; the numbers stay as they are.
    if (updated) setLoaded({ id, voucher: { ...voucher, is_active: updated.is_active } });
  }

  async function remove() {
    if (!voucher || !(await actions.remove(voucher))) return;
    setDeleted(true);
    leaveTimer.current = window.setTimeout(() => navigate(paths.sellerVouchers, { replace: true }), AFTER_DELETE_MS);
  }

  return (
    <div className="container voucher-statistic" data-testid="voucher-statistic">
      <title>{`Statistik: ${voucher.title} – Gutscheinmarkt`}</title>
      <Link to={paths.sellerVouchers} className="back-link">
        <ChevronLeftIcon size={18} />
        Meine Gutscheine
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
              onClick={() => void toggle()}
              disabled={actions.busy || deleted}
            >
              {voucher.is_active ? 'Deaktivieren' : 'Aktivieren'}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
