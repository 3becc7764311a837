import type { Category } from '@gm/shared/catalogue/contracts';
import { useAdminCategories, useDeleteSubcategory } from '../../features/catalogue-admin/api/categories.ts';
import { AdminCrudPage, useAdminCrud } from '../../features/catalogue-admin/components/admin-crud-page.tsx';
import { SubcategoryModal } from '../../features/catalogue-admin/components/subcategory-modal.tsx';

type Subcategory = Category['subcategories'][number];

/** /sub-category 'Unterkategorien verwalten' (03 §2 'Manage Sub Category'): table plus modal with parent category and name. */
export default function AdminSubcategoriesPage() {
  const { data, error, isLoading, refetch } = useAdminCategories();
  const crud = useAdminCrud<Subcategory>();
  const deleteSubcategory = useDeleteSubcategory();

  const categories = data ?? [];
  const rows = categories.flatMap((category) => category.subcategories.map((sub) => ({ sub, category })));

  return (
    <AdminCrudPage
      title="Unterkategorien verwalten"
      lead="Unterkategorien verfeinern die Suche innerhalb einer Kategorie."
      testId="admin-subcategories"
      add={{ label: '+ Unterkategorie hinzufügen', testId: 'add-subcategory', disabled: categories.length === 0 }}
      list={{ loaded: Boolean(data), isLoading, error, retry: () => void refetch() }}
      rows={rows}
      table={{ testId: 'subcategory-table', caption: 'Unterkategorien', rowTestId: 'subcategory-row' }}
      columns={[
        { label: 'Name', rowHeader: true, cell: ({ sub }) => <span className="admin-table__name">{sub.name}</span> },
        { label: 'Kategorie', cell: ({ category }) => category.name },
      ]}
      rowKey={({ sub }) => sub.id}
      item={({ sub }) => sub}
      onDelete={(sub) =>
        void crud.remove(`Möchtest du die Unterkategorie „${sub.name}“ wirklich löschen?`, () =>
          deleteSubcategory.mutateAsync(sub.id),
        )
      }
      crud={crud}
      modal={(sub) => (
        <SubcategoryModal subcategory={sub} categories={categories} onClose={crud.close} onSaved={crud.saved} />
      )}
    />
  );
}
