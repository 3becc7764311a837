import type { ReactNode } from 'react';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import './auth-layout.css';

const BENEFITS = [
  'Regionale Erlebnisse von über 200 lokalen Unternehmen',
  'Gutscheine personalisieren und verschenken',
  '1 € jedes Kaufs für soziale Projekte',
];

/** Frame of the auth screens: a brand panel beside the form card (stacked on mobile). */
export function AuthLayout({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="auth-layout container" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <aside className="auth-layout__brand" aria-hidden="true">
        <p className="auth-layout__eyebrow">Gutscheinmarkt</p>
        <p className="auth-layout__claim">Schenke Erlebnisse aus deiner Region.</p>
        <ul className="auth-layout__benefits">
          {BENEFITS.map((b) => (
            <li key={b}>
              <CheckCircleIcon size={20} />
              {b}
            </li>
          ))}
        </ul>
      </aside>
      <section className="auth-layout__card card">
        <h1 className="auth-layout__title">{title}</h1>
        {subtitle && <p className="auth-layout__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
