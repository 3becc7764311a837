import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { getBuyerVoucher } from '../../features/personalise/api/personalise.ts';
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
  const query = useApiQuery(fresh ? null : `buyer-voucher:${id}`, () => getBuyerVoucher(id), { staleMs: 0 });
  const isNew = fresh || query.error?.status === 404;
  const defaultFrom = auth.isAuth ? (auth.data.detail.firstName ?? auth.data.username) : '';
  if (!query.data && !isNew)
    return (
      <PersonaliseStatus
        error={query.error}
        onRetry={query.reload}
        backTo={paths.walletBuyerVouchers}
        backLabel="Zu meinen Gutscheinen"
      />
    );
  return (
    <BuyerVoucherEditor
      key={query.data ? `${id}:${query.data.version}` : `${id}:new`}
      id={id}
      voucher={query.data ?? null}
      mode="designer"
      defaultFrom={defaultFrom}
    />
  );
}
