import { clock, resolve, templates } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteTemplate } from '../../services/admin/manage-templates.ts';

export const handler = http('DELETE template/{id}', async ({ actor, params }) =>
  json(200, await deleteTemplate(resolve({ templates, clock }), actor, params.id ?? '')),
);
