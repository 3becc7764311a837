import type { Category } from '@gm/shared/catalogue/contracts';
import { mediaUrl } from '../../lib/media.ts';
import { paths } from '../../config/paths.ts';
import { useAdminCategories, useDeleteCategory } from '../../features/catalogue-admin/api/categories.ts';
import { AdminCrudPage, useAdminCrud } from '../../features/catalogue-admin/components/admin-crud-page.tsx';
import { CategoryModal } from '../../features/catalogue-admin/components/category-modal.tsx';

/** /category 'Kategorien verwalten' (03 §2 'Manage Category'): table plus modal with name and image (cropped 400 × 300). */
export default function AdminCategoriesPage() {
  const { data, error, isLoading, refetch } = useAdminCategories();
  const crud = useAdminCrud<Category>();
  const deleteCategory = useDeleteCategory();

  function remove(category: Category) {
    const subs = category.subcategories.length;
    const question = `Möchtest du die Kategorie „${category.name}“ wirklich löschen?${subs ? ` Ihre ${subs === 1 ? 'Unterkategorie wird' : `${subs} Unterkategorien werden`} mit gelöscht.` : ''}`;
    void crud.remove(question, () => deleteCategory.mutateAsync(category.id));
  }

  return (
    <AdminCrudPage
      title="Kategorien verwalten"
      lead="Kategorien gliedern den Marktplatz; ihr Name ergibt die Adresse der Kategorieseite."
      testId="admin-categories"
      add={{ label: '+ Kategorie hinzufügen', testId: 'add-category' }}
      list={{ loaded: Boolean(data), isLoading, error, retry: () => void refetch() }}
      rows={data ?? []}
      table={{ testId: 'category-table', caption: 'Kategorien', rowTestId: 'category-row' }}
      columns={[
        {
          label: 'Bild',
          cell: (category) => (
            <span className="admin-table__thumb admin-table__thumb--wide">
              {category.logo ? (
                <img src={mediaUrl(category.logo)} alt="" loading="lazy" />
              ) : (
                <span aria-label="Kein Bild">–</span>
              )}
            </span>
          ),
        },
        {
          label: 'Name',
          rowHeader: true,
          cell: (category) => (
            <>
              <span className="admin-table__name">{category.name}</span>
              <a className="admin-table__meta" href={paths.category(category.slug)} target="_blank" rel="noreferrer">
                /{category.slug}
              </a>
            </>
          ),
        },
        { label: 'Unterkategorien', cell: (category) => category.subcategories.map((s) => s.name).join(', ') || '–' },
      ]}
      rowKey={(category) => category.id}
      item={(category) => category}
      onDelete={remove}
      crud={crud}
      modal={(category) => <CategoryModal category={category} onClose={crud.close} onSaved={crud.saved} />}
    />
  );
}
