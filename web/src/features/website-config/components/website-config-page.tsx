import { Link } from 'react-router';
import { WEBSITE_TEXT } from '@gm/shared/tenant/website-configuration';
import { TEXT } from '@gm/shared/validation/messages';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageLoader } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { OPERATOR } from '../../../config/site.ts';
import { useWebsiteConfiguration } from '../api/website-configuration.ts';
import { tenantSiteUrl } from '../tenant-url.ts';
import { CopyLink } from './copy-link.tsx';
import { WebsiteConfigForm } from './website-config-form.tsx';
import './website-config.css';

/**
 * The content of /website-configuration (02 §2): a seller with a subdomain configures their voucher
 * website; one without sees the prompt to contact the provider (02 §1, 03 §9).
 */
export function WebsiteConfigPage() {
  const config = useWebsiteConfiguration();
  if (config.isPending) return <PageLoader label="Webseite wird geladen…" />;
  if (config.isError) return <LoadFailed text={TEXT.genericError} onRetry={() => void config.refetch()} />;

  const { subdomain, company } = config.data.data;
  if (!subdomain) {
    return (
      <section
        className="website-config__prompt notice"
        data-testid="website-no-subdomain"
        aria-labelledby="no-subdomain-title"
      >
        <h2 id="no-subdomain-title">Noch keine eigene Webseite</h2>
        <p>{WEBSITE_TEXT.noSubdomain}</p>
        <p className="website-config__prompt-actions">
          <a
            className="button button--primary"
            href={`mailto:${OPERATOR.email}?subject=${encodeURIComponent('Individueller Webshop')}`}
          >
            {WEBSITE_TEXT.contact}
          </a>
          <Link to={paths.impressum}>Kontaktformular im Impressum</Link>
        </p>
      </section>
    );
  }
  if (!company) {
    return (
      <div className="notice" role="status" data-testid="website-no-company">
        <p>
          {WEBSITE_TEXT.noCompany} <Link to="/profile-info">Zum Profil</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <CopyLink subdomain={subdomain} url={tenantSiteUrl(window.location, subdomain)} />
      {/* Keyed by the stored stamp: a reload after someone else's save starts from the new values. */}
      <WebsiteConfigForm key={company.updated_at} config={config.data.data} />
    </>
  );
}
