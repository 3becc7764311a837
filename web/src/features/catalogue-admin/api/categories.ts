import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  categoryResponseSchema,
  deletedResponseSchema,
  subcategoryResponseSchema,
} from '@gm/shared/catalogue-admin/contracts';
import { categoryKeys, getCategories } from '../../../entities/catalogue/api/categories.ts';
import { api } from '../../../lib/api.ts';

/**
 * The category tree (with sub-categories) for both admin tables: the shop's one category list (header
 * menu, home, search filters), but asked fresh whenever a table opens (the shop keeps it 5 minutes).
 */
export function useAdminCategories() {
  return useQuery({ queryKey: categoryKeys.all, queryFn: ({ signal }) => getCategories(signal), staleTime: 0 });
}

/** POST voucher-category / PUT voucher-category/{id}: name and the upload id of the cropped image. */
export function saveCategory(id: string | null, body: { name: string; image_upload_id?: string | null | undefined }) {
  return id
    ? api.request(`voucher-category/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: categoryResponseSchema })
    : api.request('voucher-category', { method: 'POST', body, schema: categoryResponseSchema });
}

export function deleteCategory(id: string) {
  return api.request(`voucher-category/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deletedResponseSchema });
}

/** POST voucher-sub-category / PUT voucher-sub-category/{id}: parent category and name. */
export function saveSubcategory(id: string | null, body: { category_id: string; name: string }) {
  return id
    ? api.request(`voucher-sub-category/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        schema: subcategoryResponseSchema,
      })
    : api.request('voucher-sub-category', { method: 'POST', body, schema: subcategoryResponseSchema });
}

export function deleteSubcategory(id: string) {
  return api.request(`voucher-sub-category/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: deletedResponseSchema,
  });
}

/** A write to the category tree: the admin tables and the shop's menu read it, so it is asked again afterwards. */
function useCategoryMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useSaveCategory() {
  return useCategoryMutation(({ id, body }: { id: string | null; body: Parameters<typeof saveCategory>[1] }) =>
    saveCategory(id, body),
  );
}

export function useDeleteCategory() {
  return useCategoryMutation(deleteCategory);
}

export function useSaveSubcategory() {
  return useCategoryMutation(({ id, body }: { id: string | null; body: Parameters<typeof saveSubcategory>[1] }) =>
    saveSubcategory(id, body),
  );
}

export function useDeleteSubcategory() {
  return useCategoryMutation(deleteSubcategory);
}
