import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BUYER_VOUCHER_TEXT, type BuyerVoucher } from '@gm/shared/wallet/buyer-voucher';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useBuyerVouchers } from '../../features/personalise/api/personalise.ts';
import { PersonalisedCard } from '../../features/personalise/components/personalised-card.tsx';
import { DownloadBuyerVoucherButton } from '../../features/personalise/components/download-buyer-voucher.tsx';
import './wallet-buyer-vouchers.css';

/** /wallet/vouchers (01 §2): the wallet tab with the buyer's self-designed gift vouchers, 9 per page. */
export default function WalletBuyerVouchersPage() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useBuyerVouchers(page);
  // A fresh id per visit: the designer stores nothing until Speichern.
  const [newId] = useState(() => crypto.randomUUID());

  return (
    <div className="container buyer-vouchers" data-testid="wallet-buyer-vouchers">
      <title>{`${BUYER_VOUCHER_TEXT.listTitle} – Gutscheinmarkt`}</title>
      <header className="page-header buyer-vouchers__header">
        <div>
          <h1>{WALLET_TEXT.title}</h1>
          <p>{WALLET_TEXT.subtitle}</p>
        </div>
        <Link to={paths.newBuyerVoucher(newId)} className="button button--primary" data-testid="buyer-voucher-new">
          {BUYER_VOUCHER_TEXT.designerTitle}
        </Link>
      </header>
      <nav className="wallet-tabs" aria-label="Wallet">
        <NavLink to={paths.wallet} end className="wallet-tabs__tab">
          Gekaufte Gutscheine
        </NavLink>
        <NavLink to={paths.walletBuyerVouchers} className="wallet-tabs__tab">
          Selbst gestaltete Gutscheine
        </NavLink>
      </nav>

      {error && !data && (
        <LoadFailed text="Deine Gutscheine konnten gerade nicht geladen werden." onRetry={() => void refetch()} />
      )}
      {!data && !error && <PageLoader />}
      {data && data.data.length === 0 && <EmptyState />}
      {data && data.data.length > 0 && (
        <>
          <ul className="buyer-vouchers__grid" aria-busy={isFetching} aria-label={BUYER_VOUCHER_TEXT.listTitle}>
            {data.data.map((voucher) => (
              <BuyerVoucherItem key={voucher.id} voucher={voucher} />
            ))}
          </ul>
          <Pagination page={data.current_page} lastPage={data.last_page} onPageChange={setPage} busy={isFetching} />
        </>
      )}
    </div>
  );
}

function BuyerVoucherItem({ voucher }: { voucher: BuyerVoucher }) {
  const p = voucher.personalisation;
  return (
    <li className="buyer-vouchers__item" data-testid="buyer-voucher-item" data-id={voucher.id}>
      <PersonalisedCard
        compact
        title={voucher.voucher.title}
        byline={`Von ${voucher.from}`}
        priceLabel={null}
        background={p.custom_image ?? p.template_image}
        fallbackColor="#1d7874"
        textColor={p.text_color ?? '#ffffff'}
        note={p.note ?? ''}
      />
      <div className="buyer-vouchers__actions">
        <Link to={paths.buyerVoucher(voucher.id)} className="button button--outline button--small">
          Bearbeiten
        </Link>
        <Link to={paths.personaliseBuyerVoucher(voucher.id)} className="button button--outline button--small">
          {WALLET_TEXT.personalise}
        </Link>
        <Link to={`${paths.shareVoucher(voucher.id)}?type=buyer`} className="button button--outline button--small">
          {WALLET_TEXT.shareLink}
        </Link>
        <Link to={`${paths.sendVoucher(voucher.id)}?type=buyer`} className="button button--outline button--small">
          {WALLET_TEXT.sendEmail}
        </Link>
        <DownloadBuyerVoucherButton id={voucher.id} />
      </div>
    </li>
  );
}
