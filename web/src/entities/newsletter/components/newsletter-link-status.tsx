import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import './newsletter-link-status.css';

const GENERIC = 'Etwas ist schief gelaufen. Versuche es nochmal oder kontaktiere uns.';

/**
 * The page behind a newsletter mail's link (/newsletter/bestaetigen/:token, /newsletter/abmelden/:token):
 * posts the token once the page opens (a POST from the page, so a mail client's link preview neither
 * confirms nor unsubscribes), then shows the answer; a 404 shows the server's German message.
 */
export function NewsletterLinkStatus({
  token,
  action,
  working,
  testId,
}: {
  token: string;
  action: UseMutationResult<string, Error, string>;
  working: string;
  testId: string;
}) {
  const started = useRef(false);
  const { mutate } = action;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  if (action.isSuccess)
    return (
      <div className="newsletter-link-status" role="status" data-testid={testId}>
        <p className="newsletter-link-status__done">{action.data}</p>
        <Link to={paths.home}>Zur Startseite</Link>
      </div>
    );
  if (action.isError) {
    const notFound = action.error instanceof ApiError && action.error.status === 404;
    return (
      <div className="newsletter-link-status" role="alert" data-testid={testId}>
        <p className="newsletter-link-status__error">{`Achtung! ${notFound ? action.error.message : GENERIC}`}</p>
        {notFound ? (
          <Link to={paths.home}>Zur Startseite</Link>
        ) : (
          <button type="button" className="button button--primary" onClick={() => mutate(token)}>
            Erneut versuchen
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="newsletter-link-status" role="status">
      <Spinner label={working} />
    </div>
  );
}
