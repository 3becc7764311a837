import { EmptyState } from './empty-state.tsx';
import { LoadFailed } from './load-failed.tsx';
import { Spinner } from './spinner.tsx';
import './table-state.css';

/** Loading, failure and empty states of the admin tables ('Noch keine Daten vorhanden.' when empty). */
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
      <div className="table-state__loading">
        <Spinner label="Wird geladen…" />
      </div>
    );
  if (empty) return <EmptyState />;
  return null;
}
