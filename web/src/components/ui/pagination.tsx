import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import './pagination.css';

type PaginationProps = {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
  label?: string;
};

/**
 * Previous/next paging; the controls are disabled at the first and last page (01 §4). Each button's
 * name starts with its visible word (WCAG 2.5.3 label in name: "Weiter" can be spoken to press it) and
 * still says where it goes when phones hide the word and show only the arrow.
 */
export function Pagination({ page, lastPage, onPageChange, busy = false, label = 'Seiten' }: PaginationProps) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={label} data-testid="pagination">
      <button
        type="button"
        className="button button--ghost pagination__button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1 || busy}
        aria-label="Zurück zur vorherigen Seite"
      >
        <ChevronLeftIcon size={20} />
        <span className="pagination__text">Zurück</span>
      </button>
      <span className="pagination__status" aria-live="polite">
        Seite {page} von {lastPage}
      </span>
      <button
        type="button"
        className="button button--ghost pagination__button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= lastPage || busy}
        aria-label="Weiter zur nächsten Seite"
      >
        <span className="pagination__text">Weiter</span>
        <ChevronRightIcon size={20} />
      </button>
    </nav>
  );
}
