import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { useRole } from '../../lib/auth.ts';
import { useQrTarget } from '../../features/wallet/api/wallet.ts';
import NotFoundPage from './not-found.tsx';

/**
 * /qr/{code}: what a voucher's QR code opens in a browser (docs/decisions/wallet.md "The QR URL opened in a browser").
 * Sellers and scanner users go to the scanner with the code; the voucher's owner to its wallet
 * detail; anyone else to the voucher's public page. An unknown code shows the 404 page.
 */
export default function QrRedirectPage() {
  const { code = '' } = useParams();
  const role = useRole();
  const staff = role === 'seller' || role === 'scanner';
  const navigate = useNavigate();
  const query = useQrTarget(code, !staff);

  useEffect(() => {
    if (!query.data) return;
    const target = query.data.user_voucher_id
      ? paths.walletVoucher(query.data.user_voucher_id)
      : paths.voucher(query.data.voucher_id);
    void navigate(target, { replace: true });
  }, [query.data, navigate]);

  if (staff) return <Navigate to={`${paths.scanner}?code=${encodeURIComponent(code)}`} replace />;
  if (query.error) return <NotFoundPage />;
  return <PageLoader label="Gutschein wird gesucht…" />;
}
