import { OPERATOR } from '../../config/site.ts';
import { LegalPage } from '../../components/layout/legal-page.tsx';

export default function DatenschutzPage() {
  return (
    <LegalPage
      title="Datenschutzerklärung"
      intro="Der Schutz deiner Daten ist uns wichtig. Hier erfährst du, welche Daten wir verarbeiten, wozu und welche Rechte du hast."
      testId="datenschutz-page"
    >
      <h2>1. Verantwortliche</h2>
      <p>
        {OPERATOR.name}, {OPERATOR.street}, {OPERATOR.zip} {OPERATOR.city}, {OPERATOR.country}. Bei Fragen zum
        Datenschutz erreichst du uns unter <a href={`mailto:${OPERATOR.privacyEmail}`}>{OPERATOR.privacyEmail}</a>.
      </p>

      <h2>2. Welche Daten wir verarbeiten</h2>
      <ul>
        <li>
          Kontodaten: Benutzername, Vor- und Nachname, E-Mail-Adresse, optional Region, Adresse und Telefonnummer.
        </li>
        <li>Bestelldaten: gekaufte Gutscheine, Beträge, Rechnungen und Einlösungen.</li>
        <li>
          Zahlungsdaten: Die Zahlung wickelt unser Zahlungsdienstleister ab; wir erhalten keine vollständigen
          Kartendaten.
        </li>
        <li>Technische Daten: IP-Adresse und Zeitpunkt von Anfragen, soweit für Betrieb und Sicherheit nötig.</li>
      </ul>

      <h2>3. Zwecke und Rechtsgrundlagen</h2>
      <p>
        Wir verarbeiten deine Daten, um dein Konto zu führen, Bestellungen abzuwickeln, Gutscheine zuzustellen und
        einzulösen (Vertragserfüllung, Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Aufbewahrungspflichten zu erfüllen
        (Art. 6 Abs. 1 lit. c DSGVO) und um den Marktplatz sicher zu betreiben (berechtigtes Interesse, Art. 6 Abs. 1
        lit. f DSGVO).
      </p>

      <h2>4. Weitergabe</h2>
      <p>
        Das Unternehmen, dessen Gutschein du kaufst oder einlöst, erhält die dafür nötigen Angaben. Daneben setzen wir
        Auftragsverarbeiter für Hosting, E-Mail-Versand und Zahlungsabwicklung ein, die vertraglich zur Vertraulichkeit
        verpflichtet sind.
      </p>

      <h2>5. Cookies und lokaler Speicher</h2>
      <p>
        Wir verwenden ausschließlich technisch notwendige Speicher: deine Anmeldung, den Warenkorb-Zähler und deine
        Zustimmung zu diesem Hinweis werden im lokalen Speicher deines Browsers abgelegt. Tracking- oder Werbe-Cookies
        setzen wir nicht ein.
      </p>

      <h2>6. Speicherdauer</h2>
      <p>
        Kontodaten speichern wir, solange dein Konto besteht. Rechnungs- und Bestelldaten bewahren wir entsprechend den
        unternehmensrechtlichen und steuerlichen Pflichten sieben Jahre auf.
      </p>

      <h2>7. Deine Rechte</h2>
      <p>
        Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und
        Widerspruch. Wende dich dazu an <a href={`mailto:${OPERATOR.privacyEmail}`}>{OPERATOR.privacyEmail}</a>. Du
        kannst dich außerdem bei der Österreichischen Datenschutzbehörde, Barichgasse 40–42, 1030 Wien, beschweren.
      </p>
    </LegalPage>
  );
}
