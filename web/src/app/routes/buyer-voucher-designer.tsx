import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { getBuyerVoucher } from '../../features/personalise/api/personalise.ts';
import { BuyerVoucherEditor } from '../../features/personalise/components/buyer-voucher-editor.tsx';
import { PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';

/**
 * /buyer/voucher/{id}: the buyer gift-voucher designer (01 §2). {id} is the buyer voucher's id; the
 * list's 'Gutschein selbst gestalten' opens a fresh one (a new UUID, not stored until Speichern).
 */
export default function BuyerVoucherDesignerPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const query = useApiQuery(`buyer-voucher:${id}`, () => getBuyerVoucher(id), { staleMs: 0 });
  const isNew = query.error?.status === 404;
  const defaultFrom = auth.isAuth ? (auth.data.detail.firstName ?? auth.data.username) : '';
  if (!query.data && !isNew) return <PersonaliseStatus error={query.error} onRetry={query.reload} backTo={paths.walletBuyerVouchers} backLabel="Zu meinen Gutscheinen" />;
  return <BuyerVoucherEditor key={query.data ? `${id}:${query.data.version}` : `${id}:new`} id={id} voucher={query.data ?? null} mode="designer" defaultFrom={defaultFrom} />;
}
