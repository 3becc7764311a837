import * as z from 'zod/mini';
import { useController } from 'react-hook-form';
import { templateCreateSchema, templateUpdateSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Template } from '@gm/shared/templates/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormTextField } from '../../../components/form/form-controls.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { useSaveTemplate } from '../api/templates.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { pickedImage, requiredPickedImage } from './image-field.ts';
import { uploadErrorOnImage } from './upload-errors.ts';

const LABELS = { name: 'Name', image_upload_id: 'Bild' };

/** Creating needs an image (03 §5), editing keeps the stored one unless a new one is picked. */
const createSchema = z.object({ name: templateCreateSchema.shape.name, image_upload_id: requiredPickedImage() });
const updateSchema = z.object({ name: templateUpdateSchema.shape.name, image_upload_id: pickedImage() });

/** Add / edit a personalisation template ('Vorlage'): name, and an image (.jpeg/.png/.jpg) that is required when creating. */
export function TemplateModal({
  template,
  onClose,
  onSaved,
}: {
  template: Template | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveTemplate();
  const form = useZodForm(template ? updateSchema : createSchema, {
    defaultValues: { name: template?.name ?? '', image_upload_id: null },
  });
  const image = useController({ control: form.control, name: 'image_upload_id' });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async ({ name, image_upload_id: picked }) => {
      const uploadId = picked ? await uploadImage(picked, 'template') : undefined;
      const body = (template ? templateUpdateSchema : templateCreateSchema).parse({ name, image_upload_id: uploadId });
      const answer = await save.mutateAsync({ id: template?.id ?? null, body });
      onSaved(answer.message);
    },
    onServerError: (error) =>
      uploadErrorOnImage(error, (text) => form.setError('image_upload_id', { type: 'server', message: text })),
  });

  return (
    <FormModal
      title={template ? 'Vorlage bearbeiten' : 'Vorlage hinzufügen'}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitting={submitting}
      testId="template-modal"
    >
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormTextField
        control={form.control}
        name="name"
        label={LABELS.name}
        required
        autoComplete="off"
        maxLength={120}
      />
      <ImagePicker
        name="image_upload_id"
        label={LABELS.image_upload_id}
        current={template?.image ?? null}
        value={image.field.value ?? null}
        required={!template}
        hint=".jpeg, .jpg oder .png bis 10 MB."
        error={image.fieldState.error?.message}
        onChange={(blob) => image.field.onChange(blob)}
      />
    </FormModal>
  );
}
