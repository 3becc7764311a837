import { useState } from 'react';
import { templateCreateSchema, templateUpdateSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Template } from '@gm/shared/templates/contracts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useForm } from '../../../lib/use-form.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { FormErrorSummary, FormMessage, TextField } from '../../../components/ui/form-fields.tsx';
import { saveTemplate } from '../api/templates.ts';
import { FormModal } from './form-modal.tsx';
import { ImagePicker } from '../../../components/form/image-picker.tsx';
import { uploadErrorOnImage } from './upload-errors.ts';

const LABELS = { name: 'Name', image_upload_id: 'Bild' };

/** Add / edit a personalisation template: name, and an image (.jpeg/.png/.jpg) that is required when creating (03 §5). */
export function TemplateModal({
  template,
  onClose,
  onSaved,
}: {
  template: Template | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [image, setImage] = useState<Blob | null>(null);
  const form = useForm({
    initial: { name: template?.name ?? '', image_upload_id: '' },
    schema: template ? templateUpdateSchema : templateCreateSchema,
    labels: LABELS,
    // The chosen file is uploaded after validation; a placeholder id lets the shared schema check "required".
    prepare: (values) => ({
      name: values.name,
      image_upload_id: values.image_upload_id ? 'pending-upload' : template ? undefined : '',
    }),
    submit: async (data) => {
      const uploadId = image ? await uploadImage(image, 'template') : undefined;
      const answer = await saveTemplate(template?.id ?? null, { name: data.name, image_upload_id: uploadId });
      onSaved(answer.message);
    },
    onServerError: (error: ApiError): boolean =>
      uploadErrorOnImage(error, (field, message) => form.setFieldError(field, message)),
  });

  return (
    <FormModal
      title={template ? 'Template bearbeiten' : 'Add Template'}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitting={form.submitting}
      testId="template-modal"
    >
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <TextField {...form.text('name')} required autoComplete="off" maxLength={120} />
      <ImagePicker
        name="image_upload_id"
        label={LABELS.image_upload_id}
        current={template?.image ?? null}
        value={image}
        required={!template}
        hint=".jpeg, .jpg oder .png bis 10 MB."
        error={form.errors.image_upload_id}
        onChange={(blob) => {
          setImage(blob);
          form.setValue('image_upload_id', 'selected');
        }}
      />
    </FormModal>
  );
}
