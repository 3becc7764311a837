import { useMemo } from 'react';
import { mediaUrl } from '../../../lib/media.ts';
import { useCompanies } from '../api/companies.ts';
import { partnersWithLogos } from '../partners.ts';
import './partner-logos.css';

/** Partner logos from company/all, shuffled once per load; companies without a logo are left out. */
export function PartnerLogos() {
  const { data } = useCompanies();
  const partners = useMemo(() => partnersWithLogos(data ?? []), [data]);
  if (partners.length === 0) return null;
  return (
    <section className="section container" aria-labelledby="partners-title" data-testid="partners">
      <div className="section__header section__header--center">
        <h2 id="partners-title" className="section__title">
          Unsere Partner
        </h2>
        <p className="section__lead">Über 200 Unternehmen aus der Region sind schon dabei.</p>
      </div>
      <ul className="partner-logos" data-testid="partner-logos">
        {partners.map((p) => (
          <li key={p.id} className="partner-logos__item">
            <img src={mediaUrl(p.logo)} alt={p.name} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
    </section>
  );
}
