import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useBuyerVoucher } from '../../entities/wallet/api/buyer-voucher.ts';
import { BuyerVoucherEditor } from '../../features/personalise/components/buyer-voucher-editor.tsx';
import { PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';

/** /buyer/vouchers/personalized/{id} (01 §2): personalise a buyer-designed voucher; no 'Preis verstecken'; back to /wallet/vouchers. */
export default function BuyerVoucherPersonalisePage() {
  const { id = '' } = useParams();
  const query = useBuyerVoucher(id);
  if (!query.data)
    return (
      <PersonaliseStatus
        error={query.error}
        onRetry={() => void query.refetch()}
        backTo={paths.walletBuyerVouchers}
        backLabel="Zu meinen Gutscheinen"
      />
    );
  return <BuyerVoucherEditor key={id} id={id} voucher={query.data} mode="personalise" defaultFrom={query.data.from} />;
}
