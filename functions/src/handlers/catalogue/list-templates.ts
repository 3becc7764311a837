import { resolve, templates } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listTemplates } from '../../services/admin/manage-templates.ts';

export const handler = http('GET template', async () => json(200, await listTemplates(resolve({ templates }))));
