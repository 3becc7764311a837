import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { VoucherGrid, VoucherListState } from '../../entities/catalogue/components/voucher-grid.tsx';
import { useWishlist } from '../../entities/wishlist/api/wishlist.ts';
import './wish-list.css';

/** /wish-list 'Meine Wunschliste' (01 §2): the buyer's wishlisted vouchers; a heart removes a card at once. */
export default function WishListPage() {
  const { data, error, isFetching, refetch } = useWishlist();
  const vouchers = (data?.data ?? []).map((entry) => entry.voucher);

  return (
    <div className="container wish-list" data-testid="wish-list-page">
      <title>Meine Wunschliste – Gutscheinmarkt</title>
      <header className="page-header wish-list__header">
        <div>
          <p className="page-header__eyebrow">Merkliste</p>
          <h1>Meine Wunschliste</h1>
        </div>
        {data && vouchers.length > 0 && (
          <p className="wish-list__count" aria-live="polite">
            {vouchers.length === 1 ? '1 Gutschein' : `${vouchers.length} Gutscheine`}
          </p>
        )}
      </header>

      <VoucherListState
        failed={Boolean(error && !data)}
        failedText="Deine Wunschliste konnte gerade nicht geladen werden."
        onRetry={() => void refetch()}
        loaded={Boolean(data)}
        empty={vouchers.length === 0}
        emptyView={
          <div className="wish-list__empty">
            <EmptyState />
            <p className="wish-list__hint">
              Tippe auf das Herz eines Gutscheins, um ihn hier zu merken.{' '}
              <Link to={paths.searchPage}>Gutscheine entdecken</Link>
            </p>
          </div>
        }
      >
        <VoucherGrid vouchers={vouchers} busy={isFetching} label="Meine Wunschliste" testId="wish-list" />
      </VoucherListState>
    </div>
  );
}
