import { verificationReviewRequestSchema } from '@gm/shared/admin/seller-activation';
import { activations, audit, clock, companies, newId, resolve, users, verifications } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { reviewVerification } from '../../services/admin/document-review.ts';

/** PUT user/{id}/verification (admin): marks the seller's ID documents as checked (or rejected). */
export const handler = http('PUT user/{id}/verification', async ({ actor, params, body }) => {
  const { status } = parse(verificationReviewRequestSchema, body);
  const deps = resolve({ users, companies, verifications, activations, audit, clock, newId });
  return json(200, await reviewVerification(deps, actor, params.id ?? '', status), { 'cache-control': 'no-store' });
});
