import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import './pagination.css';

type PaginationProps = {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
  label?: string;
  /** Numbered page links around the current page (03 §9: 3 for codes, 5 for sellers); none by default. */
  links?: number;
  /** `lastPage` is a lower bound (a filtered list counted within a budget, `total_exact: false`). */
  lastPageAtLeast?: boolean;
};

/** The window of `count` page numbers around `page`, within 1..lastPage. */
export function pageWindow(page: number, lastPage: number, count: number): number[] {
  const size = Math.min(count, lastPage);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), lastPage - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * Previous/next paging; the controls are disabled at the first and last page (01 §4). Each button's
 * name starts with its visible word (WCAG 2.5.3 label in name: "Weiter" can be spoken to press it) and
 * still says where it goes when phones hide the word and show only the arrow. With `links`, numbered
 * page buttons sit between them (the current one marked with aria-current).
 */
export function Pagination({
  page,
  lastPage,
  onPageChange,
  busy = false,
  label = 'Seiten',
  links = 0,
  lastPageAtLeast = false,
}: PaginationProps) {
  if (lastPage <= 1) return null;
  const of = lastPageAtLeast ? `mindestens ${lastPage}` : String(lastPage);
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
      {links > 0 ? (
        <>
          <ul className="pagination__links">
            {pageWindow(page, lastPage, links).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className={`button button--small pagination__link${n === page ? ' is-current' : ''}`}
                  onClick={() => onPageChange(n)}
                  disabled={busy}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={`Seite ${n}`}
                >
                  {n}
                </button>
              </li>
            ))}
          </ul>
          <span className="visually-hidden" aria-live="polite">
            Seite {page} von {of}
          </span>
        </>
      ) : (
        <span className="pagination__status" aria-live="polite">
          Seite {page} von {of}
        </span>
      )}
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
