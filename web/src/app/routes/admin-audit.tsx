import { useState } from 'react';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useAuditPage } from '../../features/audit-admin/api/audit.ts';
import { AuditTable } from '../../features/audit-admin/components/audit-table.tsx';
import { AdminPage, TableState } from '../../features/catalogue-admin/components/admin-page.tsx';

/** /audit 'Protokoll' (issue 11): what the signed-in admin did, also as another user, 10 per page. */
export default function AdminAuditPage() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isPlaceholderData, refetch } = useAuditPage({ page });
  const entries = data?.data ?? [];
  return (
    <AdminPage
      title="Protokoll"
      lead="Deine Admin-Aktionen, auch alles, was du in der Rolle eines Benutzers geändert hast."
      testId="admin-audit"
    >
      <TableState
        loading={!data && isLoading}
        failed={Boolean(error && !data)}
        empty={Boolean(data && entries.length === 0)}
        onRetry={() => void refetch()}
      />
      {entries.length > 0 && <AuditTable entries={entries} busy={isPlaceholderData} />}
      {data && (
        <Pagination
          page={data.current_page}
          lastPage={data.last_page}
          onPageChange={setPage}
          busy={isPlaceholderData}
          label="Seiten des Protokolls"
        />
      )}
    </AdminPage>
  );
}
