import type { ApiError } from '../../lib/api-client.ts';
import { Spinner } from './spinner.tsx';
import './load-more.css';

/** The button under an infinitely scrolling list, for keyboards and short pages; hidden once all is loaded. */
export function LoadMore({
  hasNextPage,
  loading,
  error,
  onLoadMore,
  onRetry,
}: {
  hasNextPage: boolean;
  loading: boolean;
  error?: ApiError | undefined;
  onLoadMore: () => void;
  onRetry: () => void;
}) {
  if (error)
    return (
      <div className="load-more" role="alert">
        <p>Weitere Gutscheine konnten nicht geladen werden.</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          Erneut versuchen
        </button>
      </div>
    );
  if (loading)
    return (
      <div className="load-more">
        <Spinner label="Weitere Gutscheine werden geladen…" />
      </div>
    );
  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      <button type="button" className="button button--ghost" onClick={onLoadMore} data-testid="load-more">
        Mehr laden
      </button>
    </div>
  );
}
