import { Link } from 'react-router';
import { OPERATOR, PAYMENT_METHODS, SOCIAL_LINKS } from '../../config/site.ts';
import { paths } from '../../config/paths.ts';
import { FacebookIcon, InstagramIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { NEWSLETTER_FOOTER_TEXT } from '@gm/shared/admin/newsletter-footer-text';
import { LazyNewsletterForm } from './lazy-newsletter-form.tsx';
import './footer.css';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" data-testid="site-footer">
      {/* The newsletter sign-up (01 §2, §9; issue 13). */}
      <section className="site-footer__newsletter" aria-labelledby="footer-newsletter-title">
        <div className="container site-footer__newsletter-inner">
          <div>
            <h2 id="footer-newsletter-title" className="site-footer__heading">
              {NEWSLETTER_FOOTER_TEXT.title}
            </h2>
            <p>{NEWSLETTER_FOOTER_TEXT.text}</p>
          </div>
          <LazyNewsletterForm source="footer" tone="dark" />
        </div>
      </section>
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p>
            Regionale Gutscheine von über 200 lokalen Unternehmen. Von jedem Kauf geht 1&nbsp;Euro an regionale soziale
            Projekte.
          </p>
        </div>

        <nav aria-label="Gutscheine" className="site-footer__column">
          <h2 className="site-footer__heading">Gutscheine</h2>
          <ul>
            <li>
              <Link to={paths.balanceCheck} data-testid="footer-balance-check">
                Guthaben prüfen
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Rechtliches" className="site-footer__column">
          <h2 className="site-footer__heading">Rechtliches</h2>
          <ul>
            <li>
              <Link to={paths.impressum}>Impressum</Link>
            </li>
            <li>
              <Link to={paths.datenschutz}>Datenschutz</Link>
            </li>
            <li>
              <Link to={paths.agb}>AGB</Link>
            </li>
          </ul>
        </nav>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">Folge uns</h2>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.id}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.label} (öffnet in neuem Tab)`}
                  className="icon-button icon-button--on-dark"
                >
                  {s.id === 'facebook' ? <FacebookIcon /> : <InstagramIcon />}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">Sicher bezahlen</h2>
          <ul className="payment-badges" aria-label="Zahlungsmethoden">
            {PAYMENT_METHODS.map((m) => (
              <li key={m} className="payment-badge">
                {m}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <span>
            © {year} {OPERATOR.name}
          </span>
          <span>
            Powered by <strong>Gutscheinmarkt</strong>
          </span>
        </div>
      </div>
    </footer>
  );
}
