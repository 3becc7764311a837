import { useState } from 'react';
import type { Template } from '@gm/shared/templates/contracts';
import { mediaUrl } from '../../lib/media.ts';
import { useDialog } from '../../components/ui/dialog-provider.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { deleteTemplate, useAdminTemplates } from '../../features/catalogue-admin/api/templates.ts';
import { AdminPage, TableState } from '../../features/catalogue-admin/components/admin-page.tsx';
import { RowActions } from '../../features/catalogue-admin/components/row-actions.tsx';
import { TemplateModal } from '../../features/catalogue-admin/components/template-modal.tsx';
import { SUCCESS_CLOSE_MS, useAdminAction } from '../../features/catalogue-admin/use-admin-action.ts';

/** /template (03 §2): table (number, name, image, actions), 'Add Template', edit and delete. */
export default function AdminTemplatesPage() {
  const { data, error, isLoading, reload } = useAdminTemplates();
  const dialog = useDialog();
  const action = useAdminAction();
  const [editing, setEditing] = useState<Template | null | undefined>(undefined);

  async function remove(template: Template) {
    if (await action.run(`Möchtest du das Template „${template.name}“ wirklich löschen? Bereits gestaltete Gutscheine behalten ihren Hintergrund.`, () => deleteTemplate(template.id))) reload();
  }

  function saved(message: string) {
    setEditing(undefined);
    reload();
    void dialog.success(message, { autoCloseMs: SUCCESS_CLOSE_MS });
  }

  const templates = data ?? [];
  return (
    <AdminPage
      title="Templates"
      lead="Hintergründe, aus denen Käuferinnen und Käufer beim Personalisieren ihrer Gutscheine wählen."
      testId="admin-templates"
      action={
        <button type="button" className="button button--primary" onClick={() => setEditing(null)} data-testid="add-template">
          + Add Template
        </button>
      }
    >
      <TableState loading={!data && isLoading} failed={Boolean(error && !data)} empty={Boolean(data && templates.length === 0)} onRetry={reload} />
      {templates.length > 0 && (
        <div className="admin-table__wrap">
          <table className="admin-table" data-testid="template-table">
            <caption className="visually-hidden">Templates</caption>
            <thead>
              <tr>
                <th scope="col">Nr.</th>
                <th scope="col">Name</th>
                <th scope="col">Bild</th>
                <th scope="col">
                  <span className="visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {templates.map((template, index) => (
                <tr key={template.id} data-testid="template-row">
                  <td data-label="Nr.">{index + 1}</td>
                  <th scope="row" data-label="Name">
                    <span className="admin-table__name">{template.name}</span>
                  </th>
                  <td data-label="Bild">
                    <span className="admin-table__thumb admin-table__thumb--template">
                      <img src={mediaUrl(template.image)} alt="" loading="lazy" />
                    </span>
                  </td>
                  <td className="admin-table__cell--actions">
                    <RowActions name={template.name} onEdit={() => setEditing(template)} onDelete={() => void remove(template)} disabled={action.busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined && <TemplateModal template={editing} onClose={() => setEditing(undefined)} onSaved={saved} />}
      <LoadingOverlay show={action.busy} />
    </AdminPage>
  );
}
