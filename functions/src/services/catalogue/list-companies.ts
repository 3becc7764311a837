import { regionLabel } from '@gm/shared/catalogue/reference-data';
import type { Deps } from '../deps.ts';

/** Partner logos for the home page: companies without a logo are dropped, the rest shuffled (01 §2). */
export async function listCompaniesWithLogo(deps: Pick<Deps, 'companies'>, random: () => number = Math.random) {
  const companies = (await deps.companies.listAll()).filter((c) => c.logo && c.is_activated !== false);
  for (let i = companies.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [companies[i], companies[j]] = [companies[j]!, companies[i]!];
  }
  return companies.map((c) => ({
    id: c.id,
    seller_id: c.seller_id,
    name: c.name,
    logo: c.logo,
    url: c.url,
    region: regionLabel(c.region_id),
  }));
}
