import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { GlobalSettingsPanel } from '../../features/platform-admin/components/global-settings-panel.tsx';

/** /settings 'Global Settings' (03 §2). */
export default function AdminSettingsPage() {
  return (
    <AdminPage
      title="Global Settings"
      lead="Provision, Auszahlungsintervall und Mindestwert für alle Verkäufer ohne eigene Einstellungen. Bereits verkaufte Bestellungen behalten ihre Provision."
      testId="admin-settings"
    >
      <GlobalSettingsPanel />
    </AdminPage>
  );
}
