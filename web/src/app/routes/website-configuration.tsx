import { WEBSITE_TEXT } from '@gm/shared/tenant/website-configuration';
import { WebsiteConfigPage } from '../../features/website-config/components/website-config-page.tsx';

/** /website-configuration 'Gutschein Webseite' (02 §2; seller only). */
export default function WebsiteConfigurationPage() {
  return (
    <div className="container website-config-page" data-testid="website-configuration">
      <title>{`${WEBSITE_TEXT.title} – Gutscheinmarkt`}</title>
      <header className="page-header">
        <p className="page-header__eyebrow">Verwalten</p>
        <h1>{WEBSITE_TEXT.title}</h1>
      </header>
      <WebsiteConfigPage />
    </div>
  );
}
