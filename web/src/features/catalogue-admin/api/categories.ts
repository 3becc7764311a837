import {
  categoryResponseSchema,
  deletedResponseSchema,
  subcategoryResponseSchema,
} from '@gm/shared/catalogue-admin/contracts';
import { getCategories } from '../../../entities/catalogue/api/categories.ts';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** The category tree for the admin tables: always fetched fresh (the header's copy may be minutes old). */
export function useAdminCategories() {
  return useApiQuery('admin:voucher-category', getCategories, { staleMs: 0 });
}

/** POST voucher-category / PUT voucher-category/{id}: name and the upload id of the cropped image. */
export function saveCategory(id: string | null, body: { name: string; image_upload_id?: string | null }) {
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
