import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { StatusPage } from '../../../components/layout/status-page.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import './personalise-layout.css';

type Props = {
  eyebrow: string;
  title: string;
  preview: ReactNode;
  children: ReactNode;
  backTo: string;
  saving: boolean;
  /** Unsaved changes: leaving asks 'Möchten Sie Änderungen speichern?' (not once submitted). */
  guard: { dirty: boolean; onSave: () => Promise<boolean> };
  onSubmit: () => void;
  testId: string;
};

/** Preview beside (desktop) or above (mobile) the form, Abbrechen / Speichern, and the leave prompt. */
export function PersonaliseLayout({
  eyebrow,
  title,
  preview,
  children,
  backTo,
  saving,
  guard,
  onSubmit,
  testId,
}: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saving) onSubmit();
  }
  return (
    <div className="container personalise" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
      </header>
      <div className="personalise__layout">
        <section className="personalise__preview" aria-label="Vorschau">
          {preview}
        </section>
        <form className="card personalise__form" onSubmit={submit} noValidate>
          {children}
          <div className="personalise__actions">
            <Link to={backTo} className="button button--ghost">
              Abbrechen
            </Link>
            <button type="submit" className="button button--primary" disabled={saving} data-testid="personalise-save">
              {saving && <Spinner size="sm" />}
              Speichern
            </button>
          </div>
        </form>
      </div>
      <LeaveGuard dirty={guard.dirty} onSave={guard.onSave} />
    </div>
  );
}

/** Loading, not found (the shared 404 frame with its h1) and failed states of the personalise pages. */
export function PersonaliseStatus({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: Error | null;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  if (!error) return <PageLoader />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusPage code="404" title="Gutschein nicht gefunden" testId="personalise-not-found">
        <p>
          Der aufgerufene Gutschein ist leider nicht verfügbar. <Link to={backTo}>{backLabel}</Link>
        </p>
      </StatusPage>
    );
  }
  return (
    <div className="container personalise">
      <LoadFailed text="Der Gutschein konnte gerade nicht geladen werden." onRetry={onRetry} />
    </div>
  );
}
