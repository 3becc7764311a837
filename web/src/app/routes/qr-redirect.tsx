import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { qrResolveResponseSchema } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';
import { useRole } from '../../lib/auth.ts';
import NotFoundPage from './not-found.tsx';
import { useApiQuery } from '../../lib/use-api-query.ts';

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
  const query = useApiQuery(
    staff ? null : `qr:${code}`,
    () => api.request(`user-voucher/qr/${encodeURIComponent(code)}`, { schema: qrResolveResponseSchema }),
    { staleMs: 0 },
  );

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
