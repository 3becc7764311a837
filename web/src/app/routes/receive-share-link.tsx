import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TRANSFER_TEXT } from '@gm/shared/wallet/transfer';
import { paths } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useRole } from '../../lib/auth.ts';
import { useShareLinkPreview, type OwnedVoucherKind } from '../../features/transfer/api/transfer.ts';
import { ShareLinkCard } from '../../features/transfer/components/share-link-card.tsx';
import { useReceiveShareLink } from '../../features/transfer/hooks/use-receive-share-link.ts';

/**
 * /ein-liebevolles-geschenk/{code} and /buyer-voucher/transfer/{code}: a share link opened (01 §2
 * "Receiving a gift"). Guests see the voucher and 'Anmelden und Geschenk erhalten!' (login, then back
 * here); a logged-in buyer receives it at once and sees the card, its title and a button to the
 * wallet. On failure the server's message is shown on the page (01 §8).
 */
export default function ReceiveShareLinkPage() {
  const { id: code = '' } = useParams();
  const { pathname } = useLocation();
  const kind: OwnedVoucherKind = pathname.startsWith('/buyer-voucher/') ? 'buyer' : 'user';
  const role = useRole();
  const guest = role === undefined;
  const navigate = useNavigate();
  const dialog = useDialog();
  const loginPath = paths.loginReturningTo(pathname);

  const preview = useShareLinkPreview(kind, code, guest);
  const received = useReceiveShareLink(kind, code, !guest);

  const asked = useRef(false);
  useEffect(() => {
    if (!guest || asked.current || !preview.data) return;
    asked.current = true;
    void dialog
      .confirm(TRANSFER_TEXT.loginToReceiveText, { title: TRANSFER_TEXT.loginToReceive, confirmLabel: 'Anmelden' })
      .then((yes) => yes && navigate(loginPath));
  }, [guest, preview.data, dialog, navigate, loginPath]);

  const walletPath = kind === 'buyer' ? paths.walletBuyerVouchers : paths.wallet;
  const loading = guest ? preview.isPending : received.status === 'idle' || received.status === 'receiving';
  const failure = guest ? preview.error?.message : received.status === 'failed' ? received.message : undefined;
  const voucher = guest ? preview.data : received.status === 'received' ? received.voucher : undefined;

  return (
    <section className="container narrow-page transfer-page" data-testid="receive-gift-page">
      <title>{`${TRANSFER_TEXT.receiveTitle} – Gutscheinmarkt`}</title>
      <div className="card card--centered transfer-card">
        <h1>{TRANSFER_TEXT.receiveTitle}</h1>
        {loading ? (
          <Spinner label="Geschenk wird geladen" />
        ) : failure ? (
          <p className="notice notice--error" role="alert" data-testid="gift-error">
            {failure}
          </p>
        ) : voucher ? (
          <>
            <ShareLinkCard voucher={voucher} />
            {guest ? (
              <>
                <p>{TRANSFER_TEXT.loginToReceiveText}</p>
                <div className="button-row button-row--center">
                  <Link to={loginPath} className="button button--primary" data-testid="login-to-receive">
                    {TRANSFER_TEXT.loginToReceive}
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className="notice notice--info" role="status" data-testid="gift-received">
                  {received.status === 'received' ? received.message : null}
                </p>
                <div className="button-row button-row--center">
                  <Link to={walletPath} className="button button--primary" data-testid="gift-to-wallet">
                    {TRANSFER_TEXT.toWallet}
                  </Link>
                </div>
              </>
            )}
          </>
        ) : null}
        {failure ? (
          <div className="button-row button-row--center">
            <Link to={guest ? paths.home : walletPath} className="button button--ghost">
              {guest ? 'Zur Startseite' : TRANSFER_TEXT.toWallet}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
