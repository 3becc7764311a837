import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { UserIcon } from '../../../components/ui/icons.tsx';

/** Sign-up links; the seller card joins once seller registration exists. */
export function SignupTeaser() {
  return (
    <section className="section container" aria-labelledby="signup-title" data-testid="signup-teaser">
      <div className="signup-card">
        <span className="feature-icon feature-icon--on-dark" aria-hidden="true">
          <UserIcon size={30} />
        </span>
        <div className="signup-card__body">
          <h2 id="signup-title" className="signup-card__title">
            Dein Konto, deine Wallet
          </h2>
          <p>Registriere dich als Käufer: Gutscheine sammeln, personalisieren und mit einem Klick verschenken.</p>
        </div>
        <Link to={paths.registerBuyer} className="button button--accent" data-testid="signup-buyer-link">
          Als Käufer registrieren
        </Link>
      </div>
    </section>
  );
}
