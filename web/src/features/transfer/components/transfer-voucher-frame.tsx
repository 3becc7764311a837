import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { paths } from '../../../config/paths.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOwnedVoucherTitle, type OwnedVoucherKind } from '../api/transfer.ts';

export interface TransferVoucher {
  kind: OwnedVoucherKind;
  id: string;
  title: string | undefined;
  active: boolean | undefined;
}

/**
 * The page frame shared by 'Link teilen' and 'Per E-Mail senden' (01 §2): reads the voucher id and
 * ?type=buyer from the route, loads the voucher title (spinner / error notice for not found or not the
 * owner) and renders `children` with the loaded voucher, followed by the 'back to wallet' button.
 */
export function TransferVoucherFrame({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: (voucher: TransferVoucher) => ReactNode;
}) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const kind: OwnedVoucherKind = params.get('type') === 'buyer' ? 'buyer' : 'user';
  const voucher = useOwnedVoucherTitle(kind, id);

  return (
    <section className="container narrow-page transfer-page" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <div className="card transfer-card">
        <h1>{title}</h1>
        {voucher.isPending ? (
          <Spinner label="Gutschein wird geladen" />
        ) : voucher.error ? (
          <p className="notice notice--error" role="alert">
            {voucher.error.message}
          </p>
        ) : (
          children({ kind, id, title: voucher.data?.title, active: voucher.data?.active })
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
