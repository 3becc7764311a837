import { AUDIT_ACTION_LABELS, type AuditEntryView } from '@gm/shared/admin/impersonation';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import './audit-table.css';

const TIME = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const DETAIL_LABELS: Record<string, string> = {
  route: 'Aufruf',
  status: 'Antwort',
  role: 'Rolle',
  expires_at: 'gültig bis',
};

/** The details of an entry as short "name: value" pairs (route and status of a write made as the user). */
export function auditDetails(details: Record<string, unknown>): string {
  const entries = Object.entries(details).filter(([name]) => name !== 'path');
  if (entries.length === 0) return '–';
  return entries
    .map(([name, value]) => {
      const shown =
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
          ? TIME.format(new Date(value))
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
      return `${DETAIL_LABELS[name] ?? name}: ${shown}`;
    })
    .join(', ');
}

/** The audit trail rows: time, action, target, details (issue 11 'Protokoll'). */
export function AuditTable({ entries, busy }: { entries: readonly AuditEntryView[]; busy: boolean }) {
  return (
    <AdminTable busy={busy} className="audit-table" testId="audit-table">
      <caption className="visually-hidden">Protokoll der Admin-Aktionen, neueste zuerst</caption>
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Aktion</th>
          <th scope="col">Benutzer</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
            <td data-label="Zeit">
              <time dateTime={entry.at}>{TIME.format(new Date(entry.at))}</time>
            </td>
            <th scope="row" data-label="Aktion">
              {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
            </th>
            <td data-label="Benutzer">
              <span className="admin-table__name">{entry.target_name ?? 'gelöscht'}</span>
              <span className="admin-table__meta">{entry.target_id}</span>
            </td>
            <td data-label="Details" className="audit-table__details">
              {auditDetails(entry.details)}
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
