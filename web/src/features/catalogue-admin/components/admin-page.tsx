import type { ReactNode } from 'react';
import '../../../components/ui/admin-table.css';
import './admin-page.css';

/** Frame of the admin catalogue screens: eyebrow 'Verwalten', the spec's title, an action on the right. */
export function AdminPage({
  title,
  lead,
  action,
  children,
  testId,
}: {
  title: string;
  lead?: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="container admin-page" data-testid={testId}>
      <title>{`${title} – Gutscheinmarkt`}</title>
      <header className="admin-page__header">
        <div>
          <p className="page-header__eyebrow">Verwalten</p>
          <h1 className="admin-page__title">{title}</h1>
          {lead && <p className="admin-page__lead">{lead}</p>}
        </div>
        {action}
      </header>
      {children}
    </div>
  );
}
