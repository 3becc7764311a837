import type { Template } from '@gm/shared/templates/contracts';
import { mediaUrl } from '../../lib/media.ts';
import { useAdminTemplates, useDeleteTemplate } from '../../features/catalogue-admin/api/templates.ts';
import { AdminCrudPage, useAdminCrud } from '../../features/catalogue-admin/components/admin-crud-page.tsx';
import { TemplateModal } from '../../features/catalogue-admin/components/template-modal.tsx';

/** /template 'Vorlagen' (03 §2 'Templates'): table (number, name, image, actions), '+ Vorlage hinzufügen', edit and delete. */
export default function AdminTemplatesPage() {
  const { data, error, isLoading, refetch } = useAdminTemplates();
  const crud = useAdminCrud<Template>();
  const deleteTemplate = useDeleteTemplate();

  return (
    <AdminCrudPage
      title="Vorlagen"
      lead="Hintergründe, aus denen Käuferinnen und Käufer beim Personalisieren ihrer Gutscheine wählen."
      testId="admin-templates"
      add={{ label: '+ Vorlage hinzufügen', testId: 'add-template' }}
      list={{ loaded: Boolean(data), isLoading, error, retry: () => void refetch() }}
      rows={data ?? []}
      table={{ testId: 'template-table', caption: 'Vorlagen', rowTestId: 'template-row' }}
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
          `Möchtest du die Vorlage „${template.name}“ wirklich löschen? Bereits gestaltete Gutscheine behalten ihren Hintergrund.`,
          () => deleteTemplate.mutateAsync(template.id),
        )
      }
      crud={crud}
      modal={(template) => <TemplateModal template={template} onClose={crud.close} onSaved={crud.saved} />}
    />
  );
}
