import { Pagination } from '../../components/ui/pagination.tsx';
import { useAuditPages } from '../../features/audit-admin/api/audit.ts';
import { AuditTable } from '../../features/audit-admin/components/audit-table.tsx';
import { TableState } from '../../components/ui/table-state.tsx';
import { AdminPage } from '../../features/catalogue-admin/components/admin-page.tsx';

/** /audit 'Protokoll' (issue 11): what the signed-in admin did, also as another user, 10 per page. */
export default function AdminAuditPage() {
  const { data, error, isLoading, isPlaceholderData, refetch, goTo } = useAuditPages();
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
          onPageChange={goTo}
          busy={isPlaceholderData}
          label="Seiten des Protokolls"
        />
      )}
    </AdminPage>
  );
}
