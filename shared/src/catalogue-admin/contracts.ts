import * as z from 'zod/mini';
import { pageQuerySchema } from '../api/paged.ts';
import { categorySchema, subcategorySchema, voucherCardSchema } from '../catalogue/contracts.ts';
import { PAGE_SIZE } from '../catalogue/reference-data.ts';
import { templateSchema } from '../templates/contracts.ts';
import { uploadIdField } from '../uploads/contracts.ts';
import { MSG } from '../validation/messages.ts';
import { requiredString } from '../validation/fields.ts';

export const CATEGORY_NAME_MAX = 60;
export const TEMPLATE_NAME_MAX = 100;
/** 03 §2: the category image is cropped to 400 × 300 JPEG. */
export const CATEGORY_IMAGE = { width: 400, height: 300 } as const;

const requiredId = () =>
  z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64, { error: MSG.max(64) }));

/** POST voucher-category, PUT voucher-category/{id} (03 §5: name required; the image is optional). */
export const categoryFormSchema = z.object({
  name: requiredString(CATEGORY_NAME_MAX),
  image_upload_id: z.nullable(z.optional(uploadIdField())),
});
export type CategoryForm = z.input<typeof categoryFormSchema>;

/** POST voucher-sub-category, PUT voucher-sub-category/{id} (03 §5: parent category and name required). */
export const subcategoryFormSchema = z.object({
  category_id: requiredId(),
  name: requiredString(CATEGORY_NAME_MAX),
});
export type SubcategoryForm = z.input<typeof subcategoryFormSchema>;

/** POST template (03 §5: name required, image required when creating). */
export const templateCreateSchema = z.object({
  name: requiredString(TEMPLATE_NAME_MAX),
  image_upload_id: z.pipe(
    z.string({ error: MSG.required }).check(z.minLength(1, { error: MSG.required })),
    uploadIdField(),
  ),
});
/** POST template/{id}: a new image is optional. */
export const templateUpdateSchema = z.object({
  name: requiredString(TEMPLATE_NAME_MAX),
  image_upload_id: z.nullable(z.optional(uploadIdField())),
});
export type TemplateForm = z.input<typeof templateUpdateSchema>;

/** GET voucher/all (admin featured table, 03 §2): 10 per page, optional keyword. */
export const adminVoucherListQuerySchema = z.extend(pageQuerySchema(PAGE_SIZE.admin), {
  keyword: z.optional(z.string().check(z.maxLength(100, { error: MSG.max(100) }))),
});
export type AdminVoucherListQuery = z.input<typeof adminVoucherListQuerySchema>;

export const categoryResponseSchema = z.object({ message: z.string(), data: categorySchema });
export const subcategoryResponseSchema = z.object({ message: z.string(), data: subcategorySchema });
export const templateResponseSchema = z.object({ message: z.string(), data: templateSchema });
export const featureToggleResponseSchema = z.object({ message: z.string(), voucher: voucherCardSchema });
export const deletedResponseSchema = z.object({ message: z.string(), id: z.string() });

export const CATALOGUE_ADMIN_TEXT = {
  categorySaved: 'Kategorie gespeichert.',
  categoryDeleted: 'Kategorie gelöscht.',
  categoryNotFound: 'Kategorie nicht gefunden.',
  categoryNameTaken: 'Eine Kategorie mit diesem Namen gibt es bereits.',
  categoryInUse: 'Die Kategorie wird noch von Gutscheinen verwendet und kann nicht gelöscht werden.',
  subcategorySaved: 'Unterkategorie gespeichert.',
  subcategoryDeleted: 'Unterkategorie gelöscht.',
  subcategoryNotFound: 'Unterkategorie nicht gefunden.',
  subcategoryNameTaken: 'Diese Unterkategorie gibt es in der Kategorie bereits.',
  subcategoryInUse: 'Die Unterkategorie wird noch von Gutscheinen verwendet und kann nicht gelöscht werden.',
  subcategoryMoveInUse:
    'Die Unterkategorie wird von Gutscheinen verwendet und kann keiner anderen Kategorie zugeordnet werden.',
  templateSaved: 'Vorlage gespeichert.',
  templateDeleted: 'Vorlage gelöscht.',
  templateNotFound: 'Vorlage nicht gefunden.',
  featuredOn: 'Der Gutschein wird jetzt gesponsert.',
  featuredOff: 'Der Gutschein wird nicht mehr gesponsert.',
  // The spec quotes the original's 'Featured' / 'Not Featured'; the screen says 'Gesponserte Gutscheine'.
  featured: 'Gesponsert',
  notFeatured: 'Nicht gesponsert',
} as const;
