import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useVoucher } from '../../entities/catalogue/api/vouchers.ts';
import { VoucherDetailView } from '../../entities/catalogue/components/voucher-detail-view.tsx';
import NotFoundPage from './not-found.tsx';
import './voucher-detail.css';

/** /vouchers/{id}: the voucher detail page (01 §2); lists show the same view in a modal. */
export default function VoucherDetailPage() {
  const { id } = useParams();
  const { data: voucher, error, isLoading, refetch } = useVoucher(id);

  if (error?.status === 404) return <NotFoundPage />;
  if (error && !voucher)
    return (
      <section className="container status-page" role="alert">
        <p className="status-page__text">Der Gutschein konnte gerade nicht geladen werden.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch()}>
          Erneut versuchen
        </button>
      </section>
    );
  if (isLoading || !voucher) return <PageLoader label="Gutschein wird geladen…" />;

  return (
    <article className="container voucher-detail" data-testid="voucher-detail">
      <title>{`${voucher.title} – Gutscheinmarkt`}</title>
      <nav aria-label="Brotkrumen" className="breadcrumbs">
        <ol>
          <li>
            <Link to={paths.home}>Start</Link>
          </li>
          {voucher.category && (
            <li>
              <Link to={paths.category(voucher.category.slug)}>{voucher.category.name}</Link>
            </li>
          )}
          <li aria-current="page">{voucher.title}</li>
        </ol>
      </nav>
      <VoucherDetailView voucher={voucher} variant="page" />
    </article>
  );
}
