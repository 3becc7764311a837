import { useState } from 'react';
import type { Category } from '@gm/shared/catalogue/contracts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { deleteSubcategory, useAdminCategories } from '../../features/catalogue-admin/api/categories.ts';
import { AdminPage, TableState } from '../../features/catalogue-admin/components/admin-page.tsx';
import { RowActions } from '../../features/catalogue-admin/components/row-actions.tsx';
import { SubcategoryModal } from '../../features/catalogue-admin/components/subcategory-modal.tsx';
import { SUCCESS_CLOSE_MS, useAdminAction } from '../../features/catalogue-admin/use-admin-action.ts';

type Subcategory = Category['subcategories'][number];

/** /sub-category 'Manage Sub Category' (03 §2): table plus modal with parent category and name. */
export default function AdminSubcategoriesPage() {
  const { data, error, isLoading, reload } = useAdminCategories();
  const dialog = useDialog();
  const action = useAdminAction();
  const [editing, setEditing] = useState<Subcategory | null | undefined>(undefined);

  const categories = data ?? [];
  const rows = categories.flatMap((category) => category.subcategories.map((sub) => ({ sub, category })));

  async function remove(sub: Subcategory) {
    if (await action.run(`Möchtest du die Unterkategorie „${sub.name}“ wirklich löschen?`, () => deleteSubcategory(sub.id))) reload();
  }

  function saved(message: string) {
    setEditing(undefined);
    reload();
    void dialog.success(message, { autoCloseMs: SUCCESS_CLOSE_MS });
  }

  return (
    <AdminPage
      title="Manage Sub Category"
      lead="Unterkategorien verfeinern die Suche innerhalb einer Kategorie."
      testId="admin-subcategories"
      action={
        <button type="button" className="button button--primary" onClick={() => setEditing(null)} disabled={categories.length === 0} data-testid="add-subcategory">
          + Unterkategorie hinzufügen
        </button>
      }
    >
      <TableState loading={!data && isLoading} failed={Boolean(error && !data)} empty={Boolean(data && rows.length === 0)} onRetry={reload} />
      {rows.length > 0 && (
        <div className="admin-table__wrap">
          <table className="admin-table" data-testid="subcategory-table">
            <caption className="visually-hidden">Unterkategorien</caption>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Name</th>
                <th scope="col">Kategorie</th>
                <th scope="col">
                  <span className="visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ sub, category }, index) => (
                <tr key={sub.id} data-testid="subcategory-row">
                  <td data-label="Nr.">{index + 1}</td>
                  <th scope="row" data-label="Name">
                    <span className="admin-table__name">{sub.name}</span>
                  </th>
                  <td data-label="Kategorie">{category.name}</td>
                  <td className="admin-table__cell--actions">
                    <RowActions name={sub.name} onEdit={() => setEditing(sub)} onDelete={() => void remove(sub)} disabled={action.busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined && <SubcategoryModal subcategory={editing} categories={categories} onClose={() => setEditing(undefined)} onSaved={saved} />}
      <LoadingOverlay show={action.busy} />
    </AdminPage>
  );
}
