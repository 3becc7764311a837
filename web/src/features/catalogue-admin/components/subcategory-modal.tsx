import { subcategoryFormSchema } from '@gm/shared/catalogue-admin/contracts';
import type { Category } from '@gm/shared/catalogue/contracts';
import { useForm } from '../../../lib/use-form.ts';
import { FormErrorSummary, FormMessage, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { saveSubcategory } from '../api/categories.ts';
import { FormModal } from './form-modal.tsx';

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
  const form = useForm({
    initial: { category_id: subcategory?.category_id ?? '', name: subcategory?.name ?? '' },
    schema: subcategoryFormSchema,
    labels: LABELS,
    submit: async (data) => {
      const answer = await saveSubcategory(subcategory?.id ?? null, data);
      onSaved(answer.message);
    },
  });

  return (
    <FormModal
      title={subcategory ? 'Unterkategorie bearbeiten' : 'Unterkategorie hinzufügen'}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      submitting={form.submitting}
      testId="subcategory-modal"
    >
      <FormMessage message={form.message} />
      <FormErrorSummary fields={form.summary} />
      <SelectField
        {...form.text('category_id')}
        required
        placeholder="Kategorie wählen"
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
      />
      <TextField {...form.text('name')} required autoComplete="off" maxLength={80} />
    </FormModal>
  );
}
