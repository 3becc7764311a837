import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { useBuyerVoucher } from '../../entities/wallet/api/buyer-voucher.ts';
import { BuyerVoucherEditor } from '../../features/personalise/components/buyer-voucher-editor.tsx';
import { PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';

/**
 * /buyer/voucher/{id}: the buyer gift-voucher designer (01 §2). {id} is the buyer voucher's id; the
 * list's 'Gutschein selbst gestalten' opens a fresh one (a new UUID with `?new=1`, not stored until
 * Speichern), so nothing is requested for it. Without the flag an unknown id still opens a new one (404).
 */
export default function BuyerVoucherDesignerPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const fresh = searchParams.get('new') === '1';
  const auth = useAuth();
  const query = useBuyerVoucher(id, { enabled: !fresh });
  const isNew = fresh || (query.error instanceof ApiError && query.error.status === 404);
  const defaultFrom = auth.isAuth ? (auth.data.detail.firstName ?? auth.data.username) : '';
  if (!query.data && !isNew)
    return (
      <PersonaliseStatus
        error={query.error}
        onRetry={() => void query.refetch()}
        backTo={paths.walletBuyerVouchers}
        backLabel="Zu meinen Gutscheinen"
      />
    );
  // One editor per id: its first save puts the new voucher into the query, which the editor takes over.
  return <BuyerVoucherEditor key={id} id={id} voucher={query.data ?? null} mode="designer" defaultFrom={defaultFrom} />;
}
