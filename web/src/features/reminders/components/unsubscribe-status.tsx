import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { REMINDER_TEXT } from '@gm/shared/admin/seller-mails';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { useUnsubscribeFromReminders } from '../api/unsubscribe.ts';
import './unsubscribe-status.css';

const GENERIC = 'Etwas ist schief gelaufen. Versuche es nochmal oder kontaktiere uns.';

/**
 * /erinnerungen/abmelden/:token: opts the holder out of expiry reminders as soon as the page opens
 * (a POST from the page, so a mail client's link preview does not unsubscribe anyone), then confirms.
 */
export function UnsubscribeStatus({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeFromReminders();
  const started = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  if (unsubscribe.isSuccess)
    return (
      <div className="unsubscribe-status" role="status">
        <p className="unsubscribe-status__done">{unsubscribe.data}</p>
        <Link to={paths.home}>Zur Startseite</Link>
      </div>
    );
  if (unsubscribe.isError) {
    const error = unsubscribe.error;
    const message = error instanceof ApiError && error.status === 404 ? error.message : GENERIC;
    return (
      <div className="unsubscribe-status" role="alert">
        <p className="unsubscribe-status__error">{`Achtung! ${message}`}</p>
        {!(error instanceof ApiError && error.status === 404) && (
          <button type="button" className="button button--primary" onClick={() => mutate(token)}>
            Erneut versuchen
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="unsubscribe-status" role="status">
      <Spinner label={REMINDER_TEXT.working} />
    </div>
  );
}
