import type { Template } from '@gm/shared/templates/contracts';
import { mediaUrl } from '../../lib/media.ts';
import { deleteTemplate, useAdminTemplates } from '../../features/catalogue-admin/api/templates.ts';
import { AdminCrudPage, useAdminCrud } from '../../features/catalogue-admin/components/admin-crud-page.tsx';
import { TemplateModal } from '../../features/catalogue-admin/components/template-modal.tsx';

/** /template (03 §2): table (number, name, image, actions), 'Add Template', edit and delete. */
export default function AdminTemplatesPage() {
  const { data, error, isLoading, reload } = useAdminTemplates();
  const crud = useAdminCrud<Template>(reload);

  return (
    <AdminCrudPage
      title="Templates"
      lead="Hintergründe, aus denen Käuferinnen und Käufer beim Personalisieren ihrer Gutscheine wählen."
      testId="admin-templates"
      add={{ label: '+ Add Template', testId: 'add-template' }}
      list={{ loaded: Boolean(data), isLoading, error, reload }}
      rows={data ?? []}
      table={{ testId: 'template-table', caption: 'Templates', rowTestId: 'template-row' }}
      columns={[
        {
          label: 'Name',
          rowHeader: true,
          cell: (template) => <span className="admin-table__name">{template.name}</span>,
        },
        {
          label: 'Bild',
          cell: (template) => (
            <span className="admin-table__thumb admin-table__thumb--template">
              <img src={mediaUrl(template.image)} alt="" loading="lazy" />
            </span>
          ),
        },
      ]}
      rowKey={(template) => template.id}
      item={(template) => template}
      onDelete={(template) =>
        void crud.remove(
          `Möchtest du das Template „${template.name}“ wirklich löschen? Bereits gestaltete Gutscheine behalten ihren Hintergrund.`,
          () => deleteTemplate(template.id),
        )
      }
      crud={crud}
      modal={(template) => <TemplateModal template={template} onClose={crud.close} onSaved={crud.saved} />}
    />
  );
}
