import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { ExpiredVouchersPanel } from '../../features/platform-admin/components/expired-vouchers-panel.tsx';

/** /voucher-expired 'Expired Vouchers' (03 §2). */
export default function AdminVoucherExpiredPage() {
  return (
    <AdminPage
      title="Expired Vouchers"
      lead="Gekaufte Gutscheine, deren Gültigkeit abgelaufen ist und die noch einen Restwert haben."
      testId="admin-voucher-expired"
    >
      <ExpiredVouchersPanel />
    </AdminPage>
  );
}
