import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { getBuyerVoucher } from '../../features/personalise/api/personalise.ts';
import { BuyerVoucherEditor } from '../../features/personalise/components/buyer-voucher-editor.tsx';
import { PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';

/** /buyer/vouchers/personalized/{id} (01 §2): personalise a buyer-designed voucher; no 'Preis verstecken'; back to /wallet/vouchers. */
export default function BuyerVoucherPersonalisePage() {
  const { id = '' } = useParams();
  const query = useApiQuery(`buyer-voucher:${id}`, () => getBuyerVoucher(id), { staleMs: 0 });
  if (!query.data)
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
      key={`${id}:${query.data.version}`}
      id={id}
      voucher={query.data}
      mode="personalise"
      defaultFrom={query.data.from}
    />
  );
}
