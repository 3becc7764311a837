import { useSearchParams } from 'react-router';
import { BALANCE_TEXT } from '@gm/shared/wallet/balance-check';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { BalanceCheckForm } from '../../features/balance-check/components/balance-check-form.tsx';

/** /guthaben: the public balance check (issue 13); `?code=` comes from the voucher PDF and the voucher mails. */
export default function BalanceCheckPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title={BALANCE_TEXT.title} subtitle={BALANCE_TEXT.intro} testId="balance-check-page">
      <BalanceCheckForm initialCode={params.get('code') ?? ''} />
    </AuthLayout>
  );
}
