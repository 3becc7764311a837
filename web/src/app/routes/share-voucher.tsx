import { Link, useParams, useSearchParams } from 'react-router';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { fetchVoucherTitle, type GiftKind } from '../../features/transfer/api/transfer.ts';
import { ShareLinkPanel } from '../../features/transfer/components/share-link-panel.tsx';
import '../../styles/transfer.css';

/** /vouchers/transfer/{userVoucherId} (?type=buyer for a buyer-designed voucher): 'Link teilen' (01 §2). */
export default function ShareVoucherPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const kind: GiftKind = params.get('type') === 'buyer' ? 'buyer' : 'user';
  const voucher = useApiQuery(`transfer-title:${kind}:${id}`, () => fetchVoucherTitle(kind, id), { staleMs: 0 });
  const walletPath = kind === 'buyer' ? paths.walletBuyerVouchers : paths.wallet;

  return (
    <section className="container narrow-page transfer-page" data-testid="share-voucher-page">
      <title>{`${TRANSFER_TEXT.shareTitle} – Gutscheinmarkt`}</title>
      <div className="card transfer-card">
        <h1>{TRANSFER_TEXT.shareTitle}</h1>
        {voucher.isLoading ? (
          <Spinner label="Gutschein wird geladen" />
        ) : voucher.error ? (
          <p className="notice notice--error" role="alert">
            {voucher.error.message}
          </p>
        ) : (
          <>
            <p className="transfer-card__voucher">
              Gutschein: <strong data-testid="share-voucher-title">{voucher.data?.title}</strong>
            </p>
            <p>{TRANSFER_TEXT.shareIntro}</p>
            <p className="notice notice--warning" data-testid="share-note">
              {TRANSFER_TEXT.shareNote}
            </p>
            {voucher.data?.active === false ? (
              <p className="notice notice--error" role="alert">
                {TRANSFER_TEXT.notTransferable}
              </p>
            ) : (
              <ShareLinkPanel kind={kind} voucherId={id} />
            )}
            <p className="field__hint">{TRANSFER_TEXT.replaceNote}</p>
          </>
        )}
        <div className="button-row">
          <Link to={walletPath} className="button button--ghost">
            {TRANSFER_TEXT.toWallet}
          </Link>
        </div>
      </div>
    </section>
  );
}
