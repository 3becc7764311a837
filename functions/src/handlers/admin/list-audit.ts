import { auditListQuerySchema } from '@gm/shared/admin/impersonation';
import { audit, resolve, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { listAudit } from '../../services/admin/list-audit.ts';

/** GET audit (issue 11): the audit trail of one admin (default: the caller) or of one user, 10 per page. */
export const handler = http('GET audit', async ({ actor, query, apiBaseUrl }) =>
  json(200, await listAudit(resolve({ audit, users }), actor, parse(auditListQuerySchema, query), apiBaseUrl)),
);
