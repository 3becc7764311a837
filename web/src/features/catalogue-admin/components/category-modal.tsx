import { useState } from 'react';
import { CATEGORY_IMAGE, categoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Category } from '@gm/shared/catalogue/contracts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/use-form.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import type { CropSpec } from '../../../components/ui/image-crop-dialog.tsx';
import { saveCategory } from '../api/categories.ts';
import { FormModal } from './form-modal.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { uploadErrorOnImage } from './upload-errors.ts';

/** 03 §2: 'Ideal image 400x300, cropped to 400x300 JPEG'. */
const CATEGORY_CROP: CropSpec = { output: CATEGORY_IMAGE, viewport: { width: 400, height: 300 }, quality: 0.85 };
const LABELS = { name: 'Name', image_upload_id: 'Bild' };

/** Add / edit a category: name (required) and an optional image, cropped to 400 × 300 before upload. */
export function CategoryModal({
  category,
  onClose,
  onSaved,
}: {
  category: Category | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [image, setImage] = useState<Blob | null>(null);
  const form = useForm({
    initial: { name: category?.name ?? '', image_upload_id: '' },
    schema: categoryFormSchema,
    labels: LABELS,
    // The image is uploaded only once the form is valid; until then a placeholder id stands in for it.
    prepare: (values) => ({
      name: values.name,
      image_upload_id: values.image_upload_id ? 'pending-upload' : undefined,
    }),
    submit: async (data) => {
      const uploadId = image ? await uploadImage(image, 'category') : undefined;
      const answer = await saveCategory(category?.id ?? null, { name: data.name, image_upload_id: uploadId });
      onSaved(answer.message);
    },
    onServerError: (error: ApiError): boolean =>
      uploadErrorOnImage(error, (field, message) => form.setFieldError(field, message)),
  });

  return (
    <FormModal
      title={category ? 'Kategorie bearbeiten' : 'Kategorie hinzufügen'}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitting={form.submitting}
      testId="category-modal"
    >
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('name')} required autoComplete="off" maxLength={80} />
      <ImagePicker
        name="image_upload_id"
        label={LABELS.image_upload_id}
        current={category?.logo ?? null}
        value={image}
        crop={CATEGORY_CROP}
        hint="Ideal sind 400 × 300 Pixel. Du wählst den Ausschnitt nach dem Hochladen; .jpeg, .jpg oder .png bis 10 MB."
        error={form.errors.image_upload_id}
        onChange={(blob) => {
          setImage(blob);
          form.setValue('image_upload_id', 'selected');
        }}
      />
    </FormModal>
  );
}
