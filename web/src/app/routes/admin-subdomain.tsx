import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';
import { SubdomainPanel } from '../../features/platform-admin/components/subdomain-panel.tsx';

/** /subdomain 'Manage Subdomain' (03 §2). */
export default function AdminSubdomainPage() {
  return (
    <AdminPage
      title="Manage Subdomain"
      lead="Eine Subdomain macht den Shop eines Verkäufers unter eigener Adresse erreichbar. Ein alter Name führt nach dem Ändern zur Hauptseite."
      testId="admin-subdomain"
    >
      <SubdomainPanel />
    </AdminPage>
  );
}
