import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { StoreIcon, UserIcon } from '../../../components/ui/icons.tsx';
import './signup-teaser.css';

/** Sign-up links for buyers and for companies that want to sell vouchers. */
export function SignupTeaser() {
  return (
    <section className="section container signup-cards" aria-label="Registrieren" data-testid="signup-teaser">
      <div className="signup-card">
        <span className="feature-icon feature-icon--on-dark" aria-hidden="true">
          <UserIcon size={30} />
        </span>
        <div className="signup-card__body">
          <h2 className="signup-card__title">Dein Konto, deine Wallet</h2>
          <p>Registriere dich als Käufer: Gutscheine sammeln, personalisieren und mit einem Klick verschenken.</p>
        </div>
        <Link to={paths.registerBuyer} className="button button--accent" data-testid="signup-buyer-link">
          Als Käufer registrieren
        </Link>
      </div>
      <div className="signup-card signup-card--seller">
        <span className="feature-icon" aria-hidden="true">
          <StoreIcon size={30} />
        </span>
        <div className="signup-card__body">
          <h2 className="signup-card__title">Du hast ein Unternehmen?</h2>
          <p>
            Verkaufe deine Erlebnisse und Produkte als Gutschein – wir prüfen deine Registrierung innerhalb von 24
            Stunden.
          </p>
        </div>
        <Link to={paths.registerSeller} className="button button--primary" data-testid="signup-seller-link">
          Als Verkäufer registrieren
        </Link>
      </div>
    </section>
  );
}
