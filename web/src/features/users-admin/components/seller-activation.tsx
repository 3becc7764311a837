import { useId, useState } from 'react';
import {
  DOCUMENT_LABELS,
  VERIFICATION_DOCUMENT_KINDS,
  type VerificationDocumentKind,
  type VerificationSummary,
} from '@gm/shared/admin/seller-activation';
import { formatDate } from '@gm/shared/dates/format';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentLink, useMarkVerified, useSetUserStatus, useVerification } from '../api/activation.ts';
import './seller-activation.css';

/**
 * The /users row action for a seller that is not activated yet (03 §2 "activate"): opens the
 * seller's verification documents, marks them checked and activates. Interface fixed for the
 * /users table (issue 11).
 */
export type SellerActivationProps = {
  userId: string;
  username: string;
  isActivated: boolean;
};

export function SellerActivationAction({ userId, username, isActivated }: SellerActivationProps) {
  const [open, setOpen] = useState(false);
  if (isActivated)
    return (
      <span className="seller-activation__done" data-testid={`seller-activated-${userId}`}>
        Aktiviert
      </span>
    );
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => setOpen(true)}
        data-testid={`seller-activate-${userId}`}
      >
        Aktivieren
      </button>
      {open && <ActivationDialog userId={userId} username={username} onClose={() => setOpen(false)} />}
    </>
  );
}

const STATUS_LABEL: Record<NonNullable<VerificationSummary['verification']>['status'], string> = {
  submitted: 'Eingereicht, noch nicht geprüft',
  verified: 'Geprüft',
  rejected: 'Abgelehnt',
};

/** Shows a server refusal: 422 as 'Warnung!' with its message, anything else as the generic 'Achtung!'. */
function useShowError() {
  const dialog = useDialog();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) void dialog.warning(error.message, { title: TEXT.warning });
    else void dialog.warning(TEXT.genericError, { title: TEXT.attention });
  };
}

function ActivationDialog({ userId, username, onClose }: { userId: string; username: string; onClose: () => void }) {
  const titleId = useId();
  const dialog = useDialog();
  const showError = useShowError();
  const { data: summary, isLoading, error } = useVerification(userId, true);
  const markVerified = useMarkVerified(userId);
  const activate = useSetUserStatus(userId);
  const busy = markVerified.isPending || activate.isPending;

  const onActivate = () =>
    activate.mutate(true, {
      onSuccess: (answer) => {
        onClose();
        void dialog.success(answer.message);
      },
      onError: showError,
    });

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      labelledBy={titleId}
      className="seller-activation"
      closeOnBackdrop={false}
      testId="seller-activation-dialog"
    >
      <div className="seller-activation__header">
        <h2 id={titleId} className="seller-activation__title">
          Verkäufer prüfen: {username}
        </h2>
        <button type="button" className="icon-button" aria-label="Schließen" onClick={onClose} disabled={busy}>
          <CloseIcon size={20} />
        </button>
      </div>
      {isLoading ? (
        <p className="seller-activation__loading">
          <Spinner size="sm" /> Daten werden geladen…
        </p>
      ) : error || !summary ? (
        <p className="notice notice--warning" role="alert">
          {error instanceof ApiError ? error.message : TEXT.genericError}
        </p>
      ) : (
        <VerificationDetails summary={summary} />
      )}
      <div className="seller-activation__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          Abbrechen
        </button>
        {summary?.verification && summary.verification.status !== 'verified' && (
          <button
            type="button"
            className="button button--outline"
            disabled={busy}
            onClick={() => markVerified.mutate(undefined, { onError: showError })}
            data-testid="seller-activation-verify"
          >
            {markVerified.isPending && <Spinner size="sm" />}
            Als geprüft markieren
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !summary?.can_activate}
          onClick={onActivate}
          data-testid="seller-activation-submit"
        >
          {activate.isPending && <Spinner size="sm" />}
          Aktivieren
        </button>
      </div>
    </Modal>
  );
}

function VerificationDetails({ summary }: { summary: VerificationSummary }) {
  const { verification } = summary;
  return (
    <div className="seller-activation__body">
      <dl className="seller-activation__facts">
        <dt>Unternehmen</dt>
        <dd>{summary.company_name ?? '–'}</dd>
        <dt>E-Mail</dt>
        <dd>{summary.email}</dd>
        {verification && (
          <>
            <dt>Vorname</dt>
            <dd data-testid="verification-first-name">{verification.first_name}</dd>
            <dt>Nachname</dt>
            <dd>{verification.last_name}</dd>
            <dt>Geburtsdatum</dt>
            <dd>{formatDate(`${verification.bday}T12:00:00Z`)}</dd>
            <dt>Prüfung</dt>
            <dd data-testid="verification-status">
              {STATUS_LABEL[verification.status]}
              {verification.verified_at && ` am ${formatDate(verification.verified_at)}`}
            </dd>
          </>
        )}
      </dl>
      {summary.is_partner && !verification && (
        <p className="notice notice--info">Partnerbetrieb: Für die Aktivierung sind keine Ausweisdokumente nötig.</p>
      )}
      {!summary.is_partner && !verification && (
        <p className="notice notice--warning">Es wurden keine Verifizierungsdaten hochgeladen.</p>
      )}
      {verification && <Documents userId={summary.user_id} available={verification.documents} />}
      {!summary.can_activate && (
        <p className="notice notice--warning" data-testid="seller-activation-missing">
          Der Verkäufer kann erst aktiviert werden, wenn Vorder- und Rückseite seines Ausweises hochgeladen sind.
        </p>
      )}
    </div>
  );
}

/** Each click asks for a fresh presigned link (valid ≤ 60 s; every view is recorded) and shows the image here. */
function Documents({ userId, available }: { userId: string; available: Record<VerificationDocumentKind, boolean> }) {
  const showError = useShowError();
  const link = useDocumentLink(userId);
  const [shown, setShown] = useState<{ kind: VerificationDocumentKind; url: string } | undefined>();
  const open = (kind: VerificationDocumentKind) =>
    link.mutate(kind, { onSuccess: ({ url }) => setShown({ kind, url }), onError: showError });

  return (
    <section className="seller-activation__documents" aria-label="Ausweisdokumente">
      <h3 className="seller-activation__subtitle">Dokumente</h3>
      <div className="seller-activation__document-buttons">
        {VERIFICATION_DOCUMENT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--outline button--small"
            disabled={!available[kind] || link.isPending}
            onClick={() => open(kind)}
            data-testid={`verification-document-${kind}`}
          >
            {DOCUMENT_LABELS[kind]}
            {!available[kind] && ' (nicht hochgeladen)'}
          </button>
        ))}
      </div>
      {shown && (
        <figure className="seller-activation__preview" data-testid="verification-document-preview">
          <img src={shown.url} alt={DOCUMENT_LABELS[shown.kind]} />
          <figcaption>
            {DOCUMENT_LABELS[shown.kind]} ·{' '}
            <a href={shown.url} target="_blank" rel="noreferrer noopener">
              In neuem Tab öffnen
            </a>{' '}
            (Link 60 Sekunden gültig)
          </figcaption>
        </figure>
      )}
    </section>
  );
}
