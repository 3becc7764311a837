import { companies, resolve, users, verifications } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getVerificationSummary } from '../../services/admin/document-review.ts';

/** GET user/{id}/verification (admin): the seller's owner data and which ID documents exist. */
export const handler = http('GET user/{id}/verification', async ({ params }) =>
  json(
    200,
    { data: await getVerificationSummary(resolve({ users, companies, verifications }), params.id ?? '') },
    { 'cache-control': 'no-store' },
  ),
);
