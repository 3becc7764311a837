import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TEXT } from '@gm/shared/validation/messages';

/** Last line of defence for render errors and failed chunk loads (e.g. after a deployment). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="status-page container" role="alert">
      <h1 className="status-page__title">{notFound ? 'Seite nicht verfügbar' : TEXT.attention}</h1>
      <p className="status-page__text">
        {notFound ? 'Die aufgerufene Seite ist leider nicht verfügbar.' : TEXT.genericError}
      </p>
      <div className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
        <a className="button button--ghost" href="/home">
          Zur Startseite
        </a>
      </div>
    </main>
  );
}
