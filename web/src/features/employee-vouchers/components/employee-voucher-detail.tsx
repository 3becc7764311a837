import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  EMPLOYEE_REDEEM_REDIRECT_MS,
  EMPLOYEE_VOUCHER_TEXT,
  employeeQrUrl,
} from '@gm/shared/tourism/employee-vouchers';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { useEmployeeWallet, useManualRedeem } from '../api/employee-vouchers.ts';
import { EmployeeQr } from './employee-qr.tsx';
import './employee-voucher-detail.css';

/**
 * /wallet/voucher/{username}/{id} (01 §1–§2 "Employee voucher"): the card; 'Gutschein einlösen'
 * flips it to the claim QR (employee claim number + the employee's claim number) for the partner's
 * scanner; 'Jetzt selbst einlösen' asks, redeems manually and goes back to /wallet after 3 s.
 */
export function EmployeeVoucherDetail({ id }: { id: string }) {
  const wallet = useEmployeeWallet(null);
  const redeem = useManualRedeem();
  const dialog = useDialog();
  const navigate = useNavigate();
  const [showQr, setShowQr] = useState(false);
  const back = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(back.current), []);

  if (wallet.error && !wallet.data)
    return (
      <LoadFailed text="Der Gutschein konnte gerade nicht geladen werden." onRetry={() => void wallet.refetch()} />
    );
  if (!wallet.data) return <PageLoader label="Gutschein wird geladen…" />;
  const voucher = wallet.data.data.find((v) => v.id === id);
  if (!voucher)
    return (
      <div className="container employee-voucher" data-testid="employee-voucher-missing">
        <h1>{EMPLOYEE_VOUCHER_TEXT.notFound}</h1>
        <Link to={paths.wallet}>Zurück zur Wallet</Link>
      </div>
    );
  const qr = employeeQrUrl(window.location.origin, voucher.employee_claim_no, wallet.data.claim_no);
  const image = mediaUrl(voucher.background_image);

  async function selfRedeem() {
    if (!voucher || !(await dialog.confirm(EMPLOYEE_VOUCHER_TEXT.selfRedeemConfirm))) return;
    try {
      const answer = await redeem.mutateAsync({ id: voucher.id, employee_value: voucher.employee_value });
      back.current = window.setTimeout(() => void navigate(paths.wallet), EMPLOYEE_REDEEM_REDIRECT_MS);
      await dialog.success(answer.message, { autoCloseMs: EMPLOYEE_REDEEM_REDIRECT_MS });
    } catch (error) {
      void dialog.warning(
        error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : TEXT.genericError,
      );
    }
  }

  return (
    <div className="container employee-voucher" data-testid="employee-voucher-detail">
      <title>{`${voucher.title} – Meine Wallet`}</title>
      <p>
        <Link to={paths.wallet}>← Meine Wallet</Link>
      </p>
      <div className="employee-voucher__layout">
        <section
          className="employee-voucher__card"
          style={{ backgroundColor: voucher.styling.background_color }}
          aria-label="Gutschein"
        >
          {showQr ? (
            <div className="employee-voucher__claim" data-testid="employee-claim-view">
              <EmployeeQr value={qr} />
              <p>{EMPLOYEE_VOUCHER_TEXT.claimHint}</p>
              <p className="employee-voucher__claim-code">
                {voucher.employee_claim_no} / {wallet.data.claim_no}
              </p>
            </div>
          ) : (
            <>
              <span className="employee-voucher__image" aria-hidden="true">
                {image && <img src={image} alt="" />}
              </span>
              <div className="employee-voucher__card-body">
                <h1>{voucher.title}</h1>
                <p className="employee-voucher__seller">{voucher.seller.username}</p>
                <p className="employee-voucher__value" data-testid="employee-voucher-value">
                  {voucher.employee_value}
                </p>
              </div>
            </>
          )}
        </section>
        <section className="employee-voucher__info">
          <div className="employee-voucher__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => setShowQr((v) => !v)}
              aria-pressed={showQr}
              data-testid="employee-redeem-qr"
            >
              {EMPLOYEE_VOUCHER_TEXT.redeemButton}
            </button>
            <button
              type="button"
              className="button button--outline"
              onClick={() => void selfRedeem()}
              disabled={redeem.isPending || voucher.redeemed}
              data-testid="employee-self-redeem"
            >
              {EMPLOYEE_VOUCHER_TEXT.selfRedeemButton}
            </button>
          </div>
          {voucher.redeemed && (
            <p className="employee-voucher__redeemed">Du hast diesen Gutschein bereits eingelöst.</p>
          )}
          <h2>Beschreibung</h2>
          <p>{voucher.description}</p>
          <p>{voucher.long_description}</p>
          {voucher.note && <p>{voucher.note}</p>}
          {voucher.seller.company && (
            <>
              <h2>Partnerbetrieb</h2>
              <p>{voucher.seller.company.name}</p>
              {voucher.seller.company.region && <p>{voucher.seller.company.region}</p>}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
