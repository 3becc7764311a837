import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import './admin-page.css';

/** Frame of the admin catalogue screens: eyebrow 'Verwalten', the spec's title, an action on the right. */
export function AdminPage({
  title,
  lead,
  action,
  children,
  testId,
}: {
  title: string;
  lead?: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="container admin-page" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="admin-page__header">
        <div>
          <p className="page-header__eyebrow">Verwalten</p>
          <h1 className="admin-page__title">{title}</h1>
          {lead && <p className="admin-page__lead">{lead}</p>}
        </div>
        {action}
      </header>
      {children}
    </div>
  );
}

/** Loading, failure and empty states shared by the admin tables. */
export function TableState({
  loading,
  failed,
  empty,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
}) {
  if (failed) return <LoadFailed text="Die Daten konnten gerade nicht geladen werden." onRetry={onRetry} />;
  if (loading)
    return (
      <div className="admin-page__loading">
        <Spinner label="Wird geladen…" />
      </div>
    );
  if (empty) return <EmptyState />;
  return null;
}
