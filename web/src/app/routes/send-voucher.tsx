import { Link, useParams, useSearchParams } from 'react-router';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { fetchVoucherTitle, type GiftKind } from '../../features/transfer/api/transfer.ts';
import { SendVoucherForm } from '../../features/transfer/components/send-voucher-form.tsx';
import '../../styles/transfer.css';

/** /vouchers/send/{userVoucherId} and /vouchers/send-email/{userVoucherId} (?type=buyer): send by e-mail (01 §2). */
export default function SendVoucherPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const kind: GiftKind = params.get('type') === 'buyer' ? 'buyer' : 'user';
  const voucher = useApiQuery(`transfer-title:${kind}:${id}`, () => fetchVoucherTitle(kind, id), { staleMs: 0 });

  return (
    <section className="container narrow-page transfer-page" data-testid="send-voucher-page">
      <title>{`${TRANSFER_TEXT.sendTitle} – Gutscheinmarkt`}</title>
      <div className="card transfer-card">
        <h1>{TRANSFER_TEXT.sendTitle}</h1>
        {voucher.isLoading ? (
          <Spinner label="Gutschein wird geladen" />
        ) : voucher.error ? (
          <p className="notice notice--error" role="alert">
            {voucher.error.message}
          </p>
        ) : (
          <>
            <p className="transfer-card__voucher">
              Gutschein: <strong>{voucher.data?.title}</strong>
            </p>
            <p className="notice notice--info">{TRANSFER_TEXT.sendNote}</p>
            <SendVoucherForm kind={kind} voucherId={id} />
          </>
        )}
        <div className="button-row">
          <Link to={kind === 'buyer' ? paths.walletBuyerVouchers : paths.wallet} className="button button--ghost">
            {TRANSFER_TEXT.toWallet}
          </Link>
        </div>
      </div>
    </section>
  );
}
