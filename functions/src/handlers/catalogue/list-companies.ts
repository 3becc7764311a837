import { companies, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listCompaniesWithLogo } from '../../services/catalogue/list-companies.ts';

export const handler = http('GET company/all', async () =>
  json(200, { data: await listCompaniesWithLogo(resolve({ companies })) }),
);
