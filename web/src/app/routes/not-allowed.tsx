import { StatusPage } from '../../components/layout/status-page.tsx';

export default function NotAllowedPage() {
  return (
    <StatusPage code="403" title="Kein Zugriff" testId="not-allowed-page">
      <p>
        Du darfst diese Seite leider nicht aufrufen. Melde dich mit einem passenden Konto an oder kehre zur Startseite
        zurück.
      </p>
    </StatusPage>
  );
}
