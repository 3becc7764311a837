import * as z from 'zod/mini';
import { useController } from 'react-hook-form';
import { CATEGORY_IMAGE, categoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Category } from '@gm/shared/catalogue/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import type { CropSpec } from '../../../components/ui/image-crop-dialog.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { useSaveCategory } from '../api/categories.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { pickedImage } from './image-field.ts';
import { uploadErrorOnImage } from './upload-errors.ts';

/** 03 §2: 'Ideal image 400x300, cropped to 400x300 JPEG'. */
const CATEGORY_CROP: CropSpec = { output: CATEGORY_IMAGE, viewport: { width: 400, height: 300 }, quality: 0.85 };
const LABELS = { name: 'Name', image_upload_id: 'Bild' };

/** The contract's name; the image as the picked file (uploaded on submit, then sent as its upload id). */
const categoryModalSchema = z.object({
  name: categoryFormSchema.shape.name,
  image_upload_id: pickedImage(),
});

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
  const save = useSaveCategory();
  const form = useZodForm(categoryModalSchema, {
    defaultValues: { name: category?.name ?? '', image_upload_id: null },
  });
  const image = useController({ control: form.control, name: 'image_upload_id' });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async ({ name, image_upload_id: picked }) => {
      const uploadId = picked ? await uploadImage(picked, 'category') : undefined;
      const body = categoryFormSchema.parse({ name, image_upload_id: uploadId });
      const answer = await save.mutateAsync({ id: category?.id ?? null, body });
      onSaved(answer.message);
    },
    onServerError: (error) =>
      uploadErrorOnImage(error, (text) => form.setError('image_upload_id', { type: 'server', message: text })),
  });

  return (
    <FormModal
      title={category ? 'Kategorie bearbeiten' : 'Kategorie hinzufügen'}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitting={submitting}
      testId="category-modal"
    >
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormTextField
        control={form.control}
        name="name"
        label={LABELS.name}
        required
        autoComplete="off"
        maxLength={80}
      />
      <ImagePicker
        name="image_upload_id"
        label={LABELS.image_upload_id}
        current={category?.logo ?? null}
        value={image.field.value ?? null}
        crop={CATEGORY_CROP}
        hint="Ideal sind 400 × 300 Pixel. Du wählst den Ausschnitt nach dem Hochladen; .jpeg, .jpg oder .png bis 10 MB."
        error={image.fieldState.error?.message}
        onChange={(blob) => image.field.onChange(blob)}
      />
    </FormModal>
  );
}
