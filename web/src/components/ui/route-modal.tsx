import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';
import { CloseIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

type RouteModalProps = {
  onClose: () => void;
  /** id of the dialog's title (the loaded record's heading, or the message below). */
  titleId: string;
  className: string;
  testId: string;
  /** Link to the record's own page, left of the close button. */
  pageLink?: ReactNode;
  children: ReactNode;
};

/**
 * A record shown as a dialog over a list, addressable by URL (01 §2): toolbar with the page link and
 * 'Schließen'; the Modal gives Escape, focus trap and scroll lock.
 */
export function RouteModal({ onClose, titleId, className, testId, pageLink, children }: RouteModalProps) {
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className={`modal--wide ${className}`} testId={testId}>
      <div className="modal__toolbar">
        {pageLink ?? <span />}
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label="Schließen"
          data-testid="modal-close"
        >
          <CloseIcon />
        </button>
      </div>
      {children}
    </Modal>
  );
}

type RouteModalStatusProps = {
  titleId: string;
  error: { status: number } | undefined | null;
  onRetry: () => void;
  /** Title when the record does not exist (404), and when it failed to load. */
  notFound: string;
  failed: string;
  /** Hidden title while loading, and the spinner's label. */
  name: string;
  loading: boolean;
  loadingLabel: string;
};

/** Body of a RouteModal before its record is there: the load failure (retry unless 404) or the spinner. */
export function RouteModalStatus({
  titleId,
  error,
  onRetry,
  notFound,
  failed,
  name,
  loading,
  loadingLabel,
}: RouteModalStatusProps) {
  if (error)
    return (
      <div className="modal__message" role="alert">
        <h2 id={titleId} className="voucher-detail__title">
          {error.status === 404 ? notFound : failed}
        </h2>
        {error.status !== 404 && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Erneut versuchen
          </button>
        )}
      </div>
    );
  return (
    <div className="modal__message">
      <h2 id={titleId} className="visually-hidden">
        {name}
      </h2>
      {loading && <Spinner size="lg" label={loadingLabel} />}
    </div>
  );
}
