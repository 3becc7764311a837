import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Loading, failure and empty states of the platform admin screens. */
export function ListState({
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
      <div className="platform-admin__loading">
        <Spinner label="Wird geladen…" />
      </div>
    );
  if (empty) return <EmptyState />;
  return null;
}
