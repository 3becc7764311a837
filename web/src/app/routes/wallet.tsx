import { useId, useState } from 'react';
import { Link } from 'react-router';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { LOAD_MORE_THRESHOLD, useInfiniteScroll } from '../../lib/infinite-scroll.ts';
import { useDebouncedDraft } from '../../lib/use-debounced-draft.ts';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { VoucherActions } from '../../features/wallet/components/voucher-actions.tsx';
import { WalletCard } from '../../features/wallet/components/wallet-card.tsx';
import { useVoucherDownload } from '../../features/wallet/hooks/use-voucher-download.ts';
import { useWalletPages } from '../../features/wallet/hooks/use-wallet-pages.ts';
import { EmployeeWallet } from '../../features/employee-vouchers/components/employee-wallet.tsx';
import { useAuth } from '../../lib/auth.ts';
import './wallet.css';

/**
 * /wallet 'Meine Wallet' (01 §2): the buyer's vouchers, nine at a time with QR, more on scroll; a
 * keyword field (title, company, code, order number; 01 §7 `keyword`) that searches 1 s after the
 * last keystroke or at once on Enter.
 */
export default function WalletRoute() {
  const auth = useAuth();
  // Tourism employees (issue 13) see their employee vouchers instead of bought ones.
  return auth.isAuth && auth.data.is_employee ? <EmployeeWallet /> : <WalletPage />;
}

function WalletPage() {
  const [keyword, setKeyword] = useState('');
  const draft = useDebouncedDraft(keyword, setKeyword);
  const keywordId = useId();
  const wallet = useWalletPages(keyword);
  const { download, busyId } = useVoucherDownload();
  useInfiniteScroll({
    enabled: true,
    threshold: LOAD_MORE_THRESHOLD,
    loading: wallet.loading,
    sellerModalOpen: false,
    hasNextPage: wallet.canScrollForMore,
    onLoadMore: wallet.loadMore,
  });

  return (
    <div className="container wallet-page" data-testid="wallet-page">
      <title>Meine Wallet – Gutscheinmarkt</title>
      <header className="page-header">
        <h1>{WALLET_TEXT.title}</h1>
        <p>{WALLET_TEXT.subtitle}</p>
      </header>
      <nav className="wallet-tabs" aria-label="Wallet">
        <Link to={paths.wallet} aria-current="page">
          Gekaufte Gutscheine
        </Link>
        <Link to={paths.walletBuyerVouchers}>Selbst gestaltete Gutscheine</Link>
      </nav>
      <form
        className="wallet-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          draft.flush();
        }}
      >
        <label htmlFor={keywordId} className="visually-hidden">
          Gutscheine durchsuchen
        </label>
        <SearchIcon size={20} className="search-field__icon" />
        <input
          id={keywordId}
          type="search"
          className="input input--search"
          placeholder="Suche nach Gutschein, Unternehmen oder Code"
          value={draft.text}
          onChange={(event) => draft.setText(event.target.value)}
          enterKeyHint="search"
          maxLength={100}
          autoComplete="off"
          data-testid="wallet-keyword"
        />
      </form>
      {wallet.error ? (
        <LoadFailed text="Deine Gutscheine konnten gerade nicht geladen werden." onRetry={wallet.retry} />
      ) : wallet.items.length === 0 ? (
        wallet.loading ? (
          <PageLoader label="Gutscheine werden geladen…" />
        ) : (
          <EmptyState />
        )
      ) : (
        <>
          <ul className="wallet-grid" data-testid="wallet-list" aria-busy={wallet.loading}>
            {wallet.items.map((voucher) => (
              <li key={voucher.id}>
                <WalletCard
                  voucher={voucher}
                  qrSize={120}
                  back={
                    <>
                      <VoucherActions
                        voucher={voucher}
                        compact
                        downloading={busyId === voucher.id}
                        onDownload={() => void download(voucher)}
                      />
                      <Link
                        className="wallet-card__detail-link"
                        to={paths.walletVoucher(voucher.id)}
                        data-testid="wallet-card-details"
                      >
                        Details ansehen
                      </Link>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={wallet.hasNextPage}
            loading={wallet.loading}
            error={wallet.loadMoreError}
            onLoadMore={wallet.loadMore}
            onRetry={wallet.retry}
          />
        </>
      )}
    </div>
  );
}
