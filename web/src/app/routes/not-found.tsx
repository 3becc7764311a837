import { StatusPage } from '../../components/layout/status-page.tsx';

export default function NotFoundPage() {
  return (
    <StatusPage code="404" title="Seite nicht verfügbar" testId="not-found-page">
      <p>
        Die aufgerufene Seite ist leider nicht verfügbar. Vielleicht hat sich die Adresse geändert oder der Link ist
        nicht mehr aktuell.
      </p>
    </StatusPage>
  );
}
