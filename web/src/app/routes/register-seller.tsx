import { Link, useNavigate, useSearchParams } from 'react-router';
import { registrationModeOf } from '@gm/shared/auth/seller-registration';
import { pathAfterLogin, paths } from '../../config/paths.ts';
import { RegisterSellerWizard } from '../../features/auth/components/register-seller-wizard.tsx';
import './register-seller.css';

/** /register/seller (02 §2); `?registrationType=partner` is the team card portal's partner variant. */
export default function RegisterSellerPage() {
  const [params] = useSearchParams();
  const mode = registrationModeOf(params.get('registrationType'));
  const navigate = useNavigate();
  const partner = mode === 'partner';
  const title = partner ? 'Als Partner registrieren' : 'Als Verkäufer registrieren';
  return (
    <section className="container seller-register" data-testid="register-seller-page">
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="page-header page-header--center seller-register__header">
        <p className="page-header__eyebrow">{partner ? 'Teamkarten-Portal' : 'Für Unternehmen'}</p>
        <h1>{title}</h1>
        <p>
          {partner
            ? 'Registriere deinen Betrieb als Partner deiner Talregion.'
            : 'Verkaufe Gutscheine für deine Erlebnisse und Produkte – mit Konto, Ausweis, Unternehmens- und Auszahlungsdaten.'}{' '}
          Wir prüfen deine Angaben und melden uns innerhalb von 24 Stunden.
        </p>
      </header>
      <RegisterSellerWizard
        key={mode}
        mode={mode}
        onRegistered={() => void navigate(pathAfterLogin('seller'), { replace: true })}
      />
      <p className="auth-layout__switch seller-register__switch">
        Schon registriert? <Link to={paths.login}>Anmelden</Link>
      </p>
    </section>
  );
}
