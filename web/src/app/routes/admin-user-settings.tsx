import { useParams } from 'react-router';
import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { SellerHeading, UserSettingsPanel } from '../../features/platform-admin/components/user-settings-panel.tsx';

/** /settings/user/{id} 'Payout Settings' (03 §2): headed by the seller's username and company name. */
export default function AdminUserSettingsPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage title="Payout Settings" testId="admin-user-settings">
      <SellerHeading userId={id} />
      <UserSettingsPanel userId={id} />
    </AdminPage>
  );
}
