import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ChevronRightIcon, GiftIcon, StoreIcon } from '../../components/ui/icons.tsx';
import './register.css';

/** Register entry: choose the account type (buyer or seller). */
export default function RegisterPage() {
  return (
    <section className="container narrow-page" data-testid="register-page">
      <title>Registrieren – Gutscheinmarkt</title>
      <header className="page-header page-header--center">
        <h1>Registrieren</h1>
        <p>Wähle, wie du den Gutscheinmarkt nutzen möchtest.</p>
      </header>
      <ul className="choice-list">
        <li>
          <Link to={paths.registerBuyer} className="choice-card" data-testid="register-buyer-option">
            <span className="feature-icon" aria-hidden="true">
              <GiftIcon size={30} />
            </span>
            <span className="choice-card__body">
              <span className="choice-card__title">Käufer</span>
              <span className="choice-card__text">
                Gutscheine entdecken, kaufen, personalisieren und in deiner Wallet sammeln oder verschenken.
              </span>
            </span>
            <ChevronRightIcon className="choice-card__chevron" />
          </Link>
        </li>
        <li>
          <Link to={paths.registerSeller} className="choice-card" data-testid="register-seller-option">
            <span className="feature-icon" aria-hidden="true">
              <StoreIcon size={30} />
            </span>
            <span className="choice-card__body">
              <span className="choice-card__title">Verkäufer</span>
              <span className="choice-card__text">
                Gutscheine für dein Unternehmen gestalten, verkaufen und einlösen.
              </span>
            </span>
            <ChevronRightIcon className="choice-card__chevron" />
          </Link>
        </li>
      </ul>
      <p className="auth-layout__switch">
        Schon registriert? <Link to={paths.login}>Anmelden</Link>
      </p>
    </section>
  );
}
