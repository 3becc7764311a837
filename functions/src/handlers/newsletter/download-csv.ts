import { appUrl, clock, newsletter, newsletterSecrets, resolve } from '../../lib/deps.ts';
import { file, http } from '../../lib/http.ts';
import { downloadNewsletterCsv } from '../../services/newsletter/newsletter.ts';

/** GET newsletter/download-csv (admin, issue 13): the confirmed subscribers as a CSV file. */
export const handler = http('GET newsletter/download-csv', async () => {
  const csv = await downloadNewsletterCsv(resolve({ newsletter, newsletterSecrets, clock, appUrl }));
  const answer = file(csv.data, 'text/csv; charset=utf-8', csv.filename);
  return { ...answer, headers: { ...answer.headers, 'cache-control': 'no-store' } };
});
