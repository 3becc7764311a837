import { useAuth } from '../../lib/auth.ts';
import { PaymentMethods } from '../../features/checkout/components/payment-methods.tsx';
import { ProfileLayout } from '../../features/profile/components/profile-layout.tsx';

/** /profile-payment: the buyer's 'Zahlungsmethoden' tab (01 §2 "Profile"). */
export default function ProfilePaymentPage() {
  const auth = useAuth();
  if (!auth.isAuth) return null;
  return (
    <ProfileLayout role={auth.role.name} active="payment">
      <PaymentMethods />
    </ProfileLayout>
  );
}
