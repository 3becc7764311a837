import { Link } from 'react-router';
import { OPERATOR } from '../../config/site.ts';
import { paths } from '../../config/paths.ts';
import { LegalPage } from '../../components/layout/legal-page.tsx';
import { ContactForm } from '../../features/imprint/components/contact-form.tsx';
import { PartnerVouchers } from '../../features/imprint/components/partner-vouchers.tsx';
import './impressum.css';

export default function ImpressumPage() {
  return (
    <>
      <LegalPage
        title="Impressum"
        intro="Angaben gemäß § 5 E-Commerce-Gesetz und § 25 Mediengesetz."
        testId="impressum-page"
      >
        <h2>Betreiberin</h2>
        <address>
          {OPERATOR.name}
          <br />
          {OPERATOR.street}
          <br />
          {OPERATOR.zip} {OPERATOR.city}
          <br />
          {OPERATOR.country}
        </address>

        <h2>Kontakt</h2>
        <p>
          E-Mail: <a href={`mailto:${OPERATOR.email}`}>{OPERATOR.email}</a>
          <br />
          Telefon: <a href={`tel:${OPERATOR.phone.replace(/\s/g, '')}`}>{OPERATOR.phone}</a>
        </p>

        <h2>Unternehmensdaten</h2>
        <dl className="definition-list">
          <dt>Geschäftsführung</dt>
          <dd>{OPERATOR.managingDirector}</dd>
          <dt>Firmenbuch</dt>
          <dd>{OPERATOR.register}</dd>
          <dt>UID-Nummer</dt>
          <dd>{OPERATOR.vatId}</dd>
          <dt>Unternehmensgegenstand</dt>
          <dd>Betrieb eines regionalen Online-Marktplatzes für Geschenk- und Wertgutscheine</dd>
          <dt>Mitglied der</dt>
          <dd>Wirtschaftskammer Tirol, Fachgruppe Werbung und Marktkommunikation</dd>
          <dt>Aufsichtsbehörde</dt>
          <dd>Bezirkshauptmannschaft bzw. Magistrat der Stadt Innsbruck</dd>
        </dl>

        <h2>Gutscheine und Verkäufer</h2>
        <p>
          Die auf dem Marktplatz angebotenen Gutscheine werden von den jeweiligen Partnerunternehmen ausgegeben und
          eingelöst. Vertragspartner für die Leistung ist das Unternehmen, dessen Name auf dem Gutschein steht. Angaben
          zu den Unternehmen findest du auf der jeweiligen Gutscheinseite.
        </p>

        <h2>Online-Streitbeilegung</h2>
        <p>
          Verbraucher haben die Möglichkeit, Beschwerden an die Online-Streitbeilegungsplattform der EU zu richten. Du
          kannst allfällige Beschwerden auch an die oben angegebene E-Mail-Adresse richten.
        </p>

        <h2>Haftung für Inhalte und Links</h2>
        <p>
          Wir erstellen die Inhalte dieser Seiten mit größter Sorgfalt. Für die Richtigkeit der von Partnerunternehmen
          eingestellten Gutscheinbeschreibungen sind diese selbst verantwortlich. Für Inhalte verlinkter externer Seiten
          sind ausschließlich deren Betreiber verantwortlich.
        </p>

        <p>
          Informationen zur Verarbeitung personenbezogener Daten findest du in unserer{' '}
          <Link to={paths.datenschutz}>Datenschutzerklärung</Link>.
        </p>

        <section className="contact-section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Schreib uns</h2>
          <p>
            Fragen zum Marktplatz, zu einem Gutschein oder zur Partnerschaft? Wir antworten in der Regel innerhalb von
            zwei Werktagen.
          </p>
          <ContactForm />
        </section>
      </LegalPage>
      <PartnerVouchers />
    </>
  );
}
