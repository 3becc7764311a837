import { deletedResponseSchema, templateResponseSchema } from '@gm/shared/catalogue-admin/contracts';
import { templateListSchema } from '@gm/shared/templates/contracts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET template: the active templates. */
export async function getTemplates() {
  return (await api.request('template', { schema: templateListSchema })).data;
}

export function useAdminTemplates() {
  return useApiQuery('admin:template', getTemplates, { staleMs: 0 });
}

/** POST template (create) / POST template/{id} (update): name and, on create required, the image's upload id. */
export function saveTemplate(id: string | null, body: { name: string; image_upload_id?: string | null }) {
  return api.request(id ? `template/${encodeURIComponent(id)}` : 'template', {
    method: 'POST',
    body,
    schema: templateResponseSchema,
  });
}

export function deleteTemplate(id: string) {
  return api.request(`template/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deletedResponseSchema });
}
