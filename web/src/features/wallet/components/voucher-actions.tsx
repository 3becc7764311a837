import { Link } from 'react-router';
import { WALLET_TEXT, type UserVoucher } from '@gm/shared/wallet/contracts';
import { paths } from '../../../config/paths.ts';
import './voucher-actions.css';

/** Personalisieren, Herunterladen, Per E-Mail senden, Als Link teilen (01 §2); giving away needs an active voucher. */
export function VoucherActions({
  voucher,
  onDownload,
  downloading,
  compact = false,
}: {
  voucher: Pick<UserVoucher, 'id' | 'status'>;
  onDownload: () => void;
  downloading: boolean;
  compact?: boolean;
}) {
  const active = voucher.status === 'active';
  const size = compact ? ' button--small' : '';
  return (
    <ul className={`wallet-actions${compact ? ' wallet-actions--compact' : ''}`} aria-label="Aktionen">
      {active && (
        <li>
          <Link
            className={`button button--outline${size}`}
            to={paths.personaliseVoucher(voucher.id)}
            data-testid="action-personalise"
          >
            {WALLET_TEXT.personalise}
          </Link>
        </li>
      )}
      {voucher.status !== 'reversed' && (
        <li>
          <button
            type="button"
            className={`button button--outline${size}`}
            onClick={onDownload}
            disabled={downloading}
            data-testid="action-download"
          >
            {WALLET_TEXT.download}
          </button>
        </li>
      )}
      {active && (
        <li>
          <Link
            className={`button button--outline${size}`}
            to={paths.sendVoucher(voucher.id)}
            data-testid="action-send"
          >
            {WALLET_TEXT.sendEmail}
          </Link>
        </li>
      )}
      {active && (
        <li>
          <Link
            className={`button button--outline${size}`}
            to={paths.shareVoucher(voucher.id)}
            data-testid="action-share"
          >
            {WALLET_TEXT.shareLink}
          </Link>
        </li>
      )}
    </ul>
  );
}
