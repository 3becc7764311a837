import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { browserStorage, createPersistedStore } from '../../lib/persisted-store.ts';
import { paths } from '../../config/paths.ts';
import './cookie-notice.css';

const consent = createPersistedStore({
  key: 'gm.cookies-accepted',
  parse: (stored) => (typeof stored === 'boolean' ? stored : undefined),
  initial: false,
  storage: browserStorage(),
});

/** Cookie notice with 'Akzeptieren' and a link to the privacy page; the choice is remembered. */
export function CookieNotice() {
  const accepted = useSyncExternalStore(consent.subscribe, consent.getSnapshot, consent.getSnapshot);
  if (accepted) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie-Hinweis" data-testid="cookie-notice">
      <p className="cookie-notice__text">
        Wir verwenden nur technisch notwendige Cookies und lokalen Speicher, damit Anmeldung und Warenkorb
        funktionieren. Mehr dazu in unserer <Link to={paths.datenschutz}>Datenschutzerklärung</Link>.
      </p>
      <button type="button" className="button button--primary button--small" onClick={() => consent.set(true)}>
        Akzeptieren
      </button>
    </section>
  );
}
