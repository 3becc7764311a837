import { PayoutAdmin } from '../../features/payout-admin/components/payout-admin.tsx';

/** /payout 'Auszahlungsmanagment' (03 §2): seller invoices, payouts and their downloads (issue 12). */
export default function AdminPayoutPage() {
  return <PayoutAdmin />;
}
