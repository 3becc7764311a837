import { OPERATOR } from '../../config/site.ts';
import { LegalPage } from '../../components/layout/legal-page.tsx';

export default function AgbPage() {
  return (
    <LegalPage
      title="Allgemeine Geschäftsbedingungen"
      intro={`Für die Nutzung des Gutscheinmarkts der ${OPERATOR.name}.`}
      testId="agb-page"
    >
      <h2>1. Geltungsbereich</h2>
      <p>
        Diese Bedingungen gelten für die Nutzung des Marktplatzes durch Käuferinnen und Käufer. Für die mit einem
        Gutschein erworbene Leistung gelten zusätzlich die Bedingungen des ausgebenden Unternehmens.
      </p>
      <h2>2. Vertragsschluss</h2>
      <p>
        Mit dem Klick auf „Zur Kasse“ und dem Abschluss der Zahlung gibst du ein verbindliches Angebot ab. Der Vertrag
        kommt zustande, sobald wir den Gutschein in deine Wallet legen oder per E-Mail zustellen.
      </p>
      <h2>3. Preise und Zahlung</h2>
      <p>
        Alle Preise verstehen sich in Euro inklusive Umsatzsteuer (inkl. MwSt.). Die Zahlung erfolgt per Karte oder
        Überweisung.
      </p>
      <h2>4. Gültigkeit und Einlösung</h2>
      <p>
        Die Gültigkeitsdauer steht auf jedem Gutschein. Gutscheine werden beim ausgebenden Unternehmen durch Scannen des
        QR-Codes eingelöst. Wertgutscheine können in Teilbeträgen eingelöst werden; eine Barauszahlung ist
        ausgeschlossen.
      </p>
      <h2>5. Verschenken und Übertragen</h2>
      <p>
        Gutscheine können personalisiert, per E-Mail versendet oder als Link geteilt werden. Mit dem Öffnen eines
        geteilten Links geht der Gutschein auf die empfangende Person über; dieser Schritt kann nicht rückgängig gemacht
        werden.
      </p>
      <h2>6. Rücktritt</h2>
      <p>
        Verbraucherinnen und Verbraucher können binnen 14 Tagen ab Kauf ohne Angabe von Gründen vom Vertrag
        zurücktreten, solange der Gutschein nicht eingelöst wurde. Schreib uns dazu an{' '}
        <a href={`mailto:${OPERATOR.email}`}>{OPERATOR.email}</a>.
      </p>
      <h2>7. Soziales Engagement</h2>
      <p>Von jedem Kauf spenden wir 1 Euro an regionale soziale Projekte.</p>
    </LegalPage>
  );
}
