import { GiftIcon, QrIcon, SearchIcon, SparkIcon } from '../../../components/ui/icons.tsx';
import { StepList } from './step-list.tsx';

const STEPS = [
  {
    icon: SearchIcon,
    title: 'Gutschein finden',
    text: 'Stöbere durch Erlebnisse, Genuss und Geschenke aus deiner Region.',
  },
  {
    icon: SparkIcon,
    title: 'Personalisieren',
    text: 'Wähle ein Motiv, lade ein eigenes Foto hoch und schreib eine persönliche Nachricht.',
  },
  {
    icon: GiftIcon,
    title: 'Verschenken',
    text: 'Per E-Mail, als Link, ausgedruckt oder direkt in die Wallet einer lieben Person.',
  },
  {
    icon: QrIcon,
    title: 'Einlösen',
    text: 'Das Unternehmen scannt den QR-Code – fertig. Von jedem Kauf geht 1 € an soziale Projekte.',
  },
] as const;

export function HowItWorks() {
  return (
    <section className="section section--tinted" aria-labelledby="how-title" data-testid="how-it-works">
      <div className="container">
        <div className="section__header section__header--center">
          <h2 id="how-title" className="section__title">
            So funktioniert’s
          </h2>
          <p className="section__lead">In vier Schritten zum perfekten Geschenk.</p>
        </div>
        <StepList steps={STEPS} heading="h3" iconSize={28} />
      </div>
    </section>
  );
}
