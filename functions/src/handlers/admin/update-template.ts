import { templateUpdateSchema } from '@gm/shared/catalogue-admin/contracts';
import { clock, newId, newToken, resolve, templates, uploads } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { updateTemplate } from '../../services/admin/manage-templates.ts';

export const handler = http('POST template/{id}', async ({ actor, body, params }) => {
  const input = parse(templateUpdateSchema, body);
  return json(
    200,
    await updateTemplate(resolve({ templates, uploads, newId, newToken, clock }), actor, params.id ?? '', input),
  );
});
