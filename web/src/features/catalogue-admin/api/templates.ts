import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedResponseSchema, templateResponseSchema } from '@gm/shared/catalogue-admin/contracts';
import { templateListSchema } from '@gm/shared/templates/contracts';
import { api } from '../../../lib/api.ts';
import { catalogueAdminKeys } from './keys.ts';

/** GET template: the active templates. */
export async function getTemplates(signal?: AbortSignal) {
  return (await api.request('template', { schema: templateListSchema, signal })).data;
}

export function useAdminTemplates() {
  return useQuery({
    queryKey: catalogueAdminKeys.templates(),
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: 0,
  });
}

/** POST template (create) / POST template/{id} (update): name and, on create required, the image's upload id. */
export function saveTemplate(id: string | null, body: { name: string; image_upload_id?: string | null | undefined }) {
  return api.request(id ? `template/${encodeURIComponent(id)}` : 'template', {
    method: 'POST',
    body,
    schema: templateResponseSchema,
  });
}

export function deleteTemplate(id: string) {
  return api.request(`template/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deletedResponseSchema });
}

function useTemplateMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.templates() }),
  });
}

export function useSaveTemplate() {
  return useTemplateMutation(({ id, body }: { id: string | null; body: Parameters<typeof saveTemplate>[1] }) =>
    saveTemplate(id, body),
  );
}

export function useDeleteTemplate() {
  return useTemplateMutation(deleteTemplate);
}
