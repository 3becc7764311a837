import { audit, clock, companies, newId, resolve, tourism, users } from '../../lib/deps.ts';
import { file, http } from '../../lib/http.ts';
import { partnersCsv } from '../../services/tourism/partners.ts';

/** GET partners/downloadCSV (admin, tourism accounts): the /tourism/sellers rows as CSV (bounded by the sellers). */
export const handler = http('GET partners/downloadCSV', async ({ actor }) => {
  const csv = await partnersCsv(resolve({ users, companies, tourism, audit, clock, newId }), actor);
  return file(new TextEncoder().encode(csv), 'text/csv; charset=utf-8', 'partner.csv');
});
