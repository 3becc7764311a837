import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
import { paths } from '../../config/paths.ts';
import { ChevronLeftIcon } from '../ui/icons.tsx';

/** 404 and not-allowed share this frame; Back goes to /home when logged in, otherwise /login (01 §2). */
export function StatusPage({
  code,
  title,
  children,
  testId,
}: {
  code: string;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  const { isAuth } = useAuth();
  return (
    <section className="status-page container" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <p className="status-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="status-page__title">{title}</h1>
      <div className="status-page__text">{children}</div>
      <Link to={isAuth ? paths.home : paths.login} className="button button--primary" data-testid="back-link">
        <ChevronLeftIcon size={18} />
        Zurück
      </Link>
    </section>
  );
}
