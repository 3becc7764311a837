import { useId, type FormEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';
import './form-modal.css';

type Props = {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  children: ReactNode;
  testId: string;
  /** The submit button's test id. */
  submitTestId?: string;
  /** The submit button's text (default 'Speichern'). */
  submitLabel?: string;
};

/** The add/edit dialog of the admin tables: a form with Speichern and Abbrechen; Escape and × close it. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  submitting,
  children,
  testId,
  submitTestId = 'form-modal-submit',
  submitLabel = 'Speichern',
}: Props) {
  const titleId = useId();
  return (
    <Modal
      open
      onClose={() => !submitting && onClose()}
      labelledBy={titleId}
      className="form-modal"
      closeOnBackdrop={false}
      testId={testId}
    >
      <div className="form-modal__header">
        <h2 id={titleId} className="form-modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Schließen" onClick={onClose} disabled={submitting}>
          <CloseIcon size={20} />
        </button>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
        <div className="form-modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={submitting}>
            Abbrechen
          </button>
          <button type="submit" className="button button--primary" disabled={submitting} data-testid={submitTestId}>
            {submitting && <Spinner size="sm" />}
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
