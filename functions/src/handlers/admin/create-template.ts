import { templateCreateSchema } from '@gm/shared/catalogue-admin/contracts';
import { clock, newId, newToken, resolve, templates, uploads } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { createTemplate } from '../../services/admin/manage-templates.ts';

export const handler = http('POST template', async ({ actor, body }) => {
  const input = parse(templateCreateSchema, body);
  return json(201, await createTemplate(resolve({ templates, uploads, newId, newToken, clock }), actor, input));
});
