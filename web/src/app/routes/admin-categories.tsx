import { useState } from 'react';
import type { Category } from '@gm/shared/catalogue/contracts';
import { mediaUrl } from '../../lib/media.ts';
import { paths } from '../../config/paths.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { deleteCategory, useAdminCategories } from '../../features/catalogue-admin/api/categories.ts';
import { AdminPage, TableState } from '../../features/catalogue-admin/components/admin-page.tsx';
import { CategoryModal } from '../../features/catalogue-admin/components/category-modal.tsx';
import { RowActions } from '../../features/catalogue-admin/components/row-actions.tsx';
import { SUCCESS_CLOSE_MS, useAdminAction } from '../../features/catalogue-admin/use-admin-action.ts';

/** /category 'Manage Category' (03 §2): table plus modal with name and image (cropped 400 × 300). */
export default function AdminCategoriesPage() {
  const { data, error, isLoading, reload } = useAdminCategories();
  const dialog = useDialog();
  const action = useAdminAction();
  // undefined: no modal; null: a new category.
  const [editing, setEditing] = useState<Category | null | undefined>(undefined);

  async function remove(category: Category) {
    const subs = category.subcategories.length;
    const question = `Möchtest du die Kategorie „${category.name}“ wirklich löschen?${subs ? ` Ihre ${subs === 1 ? 'Unterkategorie wird' : `${subs} Unterkategorien werden`} mit gelöscht.` : ''}`;
    if (await action.run(question, () => deleteCategory(category.id))) reload();
  }

  function saved(message: string) {
    setEditing(undefined);
    reload();
    void dialog.success(message, { autoCloseMs: SUCCESS_CLOSE_MS });
  }

  const categories = data ?? [];
  return (
    <AdminPage
      title="Manage Category"
      lead="Kategorien gliedern den Marktplatz; ihr Name ergibt die Adresse der Kategorieseite."
      testId="admin-categories"
      action={
        <button type="button" className="button button--primary" onClick={() => setEditing(null)} data-testid="add-category">
          + Kategorie hinzufügen
        </button>
      }
    >
      <TableState loading={!data && isLoading} failed={Boolean(error && !data)} empty={Boolean(data && categories.length === 0)} onRetry={reload} />
      {categories.length > 0 && (
        <div className="admin-table__wrap">
          <table className="admin-table" data-testid="category-table">
            <caption className="visually-hidden">Kategorien</caption>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Bild</th>
                <th scope="col">Name</th>
                <th scope="col">Unterkategorien</th>
                <th scope="col">
                  <span className="visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category, index) => (
                <tr key={category.id} data-testid="category-row">
                  <td data-label="Nr.">{index + 1}</td>
                  <td data-label="Bild">
                    <span className="admin-table__thumb admin-table__thumb--wide">
                      {category.logo ? <img src={mediaUrl(category.logo)} alt="" loading="lazy" /> : <span aria-label="Kein Bild">–</span>}
                    </span>
                  </td>
                  <th scope="row" data-label="Name">
                    <span className="admin-table__name">{category.name}</span>
                    <a className="admin-table__meta" href={paths.category(category.slug)} target="_blank" rel="noreferrer">
                      /{category.slug}
                    </a>
                  </th>
                  <td data-label="Unterkategorien">{category.subcategories.map((s) => s.name).join(', ') || '–'}</td>
                  <td className="admin-table__cell--actions">
                    <RowActions name={category.name} onEdit={() => setEditing(category)} onDelete={() => void remove(category)} disabled={action.busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined && <CategoryModal category={editing} onClose={() => setEditing(undefined)} onSaved={saved} />}
      <LoadingOverlay show={action.busy} />
    </AdminPage>
  );
}
