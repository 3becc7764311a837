import { subcategoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Category } from '@gm/shared/catalogue/contracts';
import { useFormSubmit, useZodForm } from '../../../lib/use-zod-form.ts';
import { FormErrorSummary, FormMessage } from '../../../components/ui/form-fields.tsx';
import { FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { useSaveSubcategory } from '../api/categories.ts';
import { FormModal } from '../../../components/ui/form-modal.tsx';

type Subcategory = Category['subcategories'][number];
const LABELS = { category_id: 'Kategorie', name: 'Name' };

/** Add / edit a sub-category: parent category and name, both required (03 §5). */
export function SubcategoryModal({
  subcategory,
  categories,
  onClose,
  onSaved,
}: {
  subcategory: Subcategory | null;
  categories: Category[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveSubcategory();
  const form = useZodForm(subcategoryFormSchema, {
    defaultValues: { category_id: subcategory?.category_id ?? '', name: subcategory?.name ?? '' },
  });
  const { onSubmit, message, summary, submitting } = useFormSubmit(form, {
    labels: LABELS,
    submit: async (body) => {
      const answer = await save.mutateAsync({ id: subcategory?.id ?? null, body });
      onSaved(answer.message);
    },
  });

  return (
    <FormModal
      title={subcategory ? 'Unterkategorie bearbeiten' : 'Unterkategorie hinzufügen'}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitting={submitting}
      testId="subcategory-modal"
    >
      <FormMessage message={message} />
      <FormErrorSummary fields={summary} />
      <FormSelectField
        control={form.control}
        name="category_id"
        label={LABELS.category_id}
        required
        placeholder="Kategorie wählen"
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
      />
      <FormTextField
        control={form.control}
        name="name"
        label={LABELS.name}
        required
        autoComplete="off"
        maxLength={80}
      />
    </FormModal>
  );
}
