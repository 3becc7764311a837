import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { WalletIcon } from '../../components/ui/icons.tsx';

/** /guest-wallet: the wallet needs an account (01 §2). */
export default function GuestWalletPage() {
  return (
    <section className="container narrow-page">
      <title>Meine Wallet – Gutscheinmarkt</title>
      <div className="card card--centered" data-testid="guest-wallet">
        <span className="feature-icon" aria-hidden="true">
          <WalletIcon size={32} />
        </span>
        <h1>Meine Wallet</h1>
        <p>
          In deiner Wallet findest du alle gekauften Gutscheine an einem Ort – zum Personalisieren, Herunterladen,
          Verschenken und Einlösen. Dafür brauchst du ein Konto.
        </p>
        <div className="button-row button-row--center">
          <Link to={paths.login} className="button button--primary">
            Anmelden
          </Link>
          <Link to={paths.registerBuyer} className="button button--ghost">
            Konto erstellen
          </Link>
        </div>
        <p>
          Als Gast bestellt?{' '}
          <Link to={paths.guestRetrieval} data-testid="guest-retrieval-link">
            Gutschein verloren?
          </Link>{' '}
          Wir schicken dir deine Gutscheine noch einmal per Email.
        </p>
        <p>
          Gutschein zur Hand?{' '}
          <Link to={paths.balanceCheck} data-testid="guest-balance-check-link">
            Guthaben prüfen
          </Link>{' '}
          – mit dem Code oder dem QR-Code vom Gutschein, ohne Anmeldung.
        </p>
      </div>
    </section>
  );
}
