import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUserVoucher } from '../../entities/wallet/api/user-voucher.ts';
import { PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';
import { PersonaliseVoucherForm } from '../../features/personalise/components/personalise-voucher-form.tsx';
import { sellerNameOf } from '../../features/wallet/wallet-format.ts';

/** /vouchers/personalized/{userVoucherId} (01 §2 "Personalise", user variant): back to /wallet after Speichern. */
export default function PersonaliseVoucherPage() {
  const { id = '' } = useParams();
  const query = useUserVoucher(id);
  if (!query.data)
    return (
      <PersonaliseStatus
        error={query.error}
        onRetry={() => void query.refetch()}
        backTo={paths.wallet}
        backLabel="Zur Wallet"
      />
    );
  // One form per voucher: a newer version loaded later is taken over by the form itself (useLoadedVersion).
  return <PersonaliseVoucherForm key={query.data.id} voucher={query.data} sellerName={sellerNameOf(query.data)} />;
}
