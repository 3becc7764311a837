import { documentLinkRequestSchema } from '@gm/shared/admin/seller-activation';
import { audit, clock, documents, newId, resolve, users, verifications } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { documentLink } from '../../services/admin/document-review.ts';

/**
 * POST user/{id}/verification-document (admin): a presigned GET (≤ 60 s) of one ID document. The answer
 * must never be cached: `Cache-Control: no-store` here, and CloudFront's /api/* behaviour caches nothing.
 */
export const handler = http('POST user/{id}/verification-document', async ({ actor, params, body }) => {
  const { kind } = parse(documentLinkRequestSchema, body);
  const deps = resolve({ users, verifications, documents, audit, clock, newId });
  return json(200, await documentLink(deps, actor, params.id ?? '', kind), { 'cache-control': 'no-store' });
});
