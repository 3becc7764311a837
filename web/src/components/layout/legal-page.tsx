import type { ReactNode } from 'react';
import './legal-page.css';

export function LegalPage({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <article className="container legal-page" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="legal-page__header">
        <h1>{title}</h1>
        {intro && <p className="legal-page__intro">{intro}</p>}
      </header>
      <div className="legal-page__body prose">{children}</div>
    </article>
  );
}
