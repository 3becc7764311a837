import { CATALOGUE_ADMIN_TEXT as T } from '@gm/shared/catalogue-admin/contracts';
import type { Template } from '@gm/shared/templates/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { toTemplate } from '../../repositories/template-repository.ts';
import type { Deps } from '../deps.ts';

type TemplateDeps = Pick<Deps, 'templates' | 'uploads' | 'newId' | 'newToken' | 'clock'>;

const imageKey = (deps: Pick<Deps, 'newToken'>, templateId: string) =>
  `templates/${templateId}/${deps.newToken().slice(0, 16)}`;

/** GET template: the active personalisation templates, newest first. */
export async function listTemplates(deps: Pick<Deps, 'templates'>): Promise<{ data: Template[] }> {
  const all = await deps.templates.listAll();
  return {
    data: all
      .filter((t) => t.status)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id))
      .map(toTemplate),
  };
}

/** POST template: name and an uploaded JPEG/PNG image (both required, 03 §5). */
export async function createTemplate(
  deps: TemplateDeps,
  actor: Actor,
  input: { name: string; image_upload_id: string },
): Promise<{ message: string; data: Template }> {
  const id = deps.newId();
  const image = await deps.uploads.publish(actor, input.image_upload_id, 'template', imageKey(deps, id));
  const now = deps.clock().toISOString();
  const record = { id, name: input.name, image, status: true, created_at: now, updated_at: now };
  await deps.templates.create(record).catch(async (error: unknown) => {
    await deps.uploads.discard([image], 'template: create failed');
    throw error;
  });
  return { message: T.templateSaved, data: toTemplate(record) };
}

/** POST template/{id}: rename and optionally replace the image. */
export async function updateTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: string,
  input: { name: string; image_upload_id?: string | null | undefined },
): Promise<{ message: string; data: Template }> {
  const current = await deps.templates.get(id);
  if (!current?.status) throw new NotFoundError(T.templateNotFound);
  const image = input.image_upload_id
    ? await deps.uploads.publish(actor, input.image_upload_id, 'template', imageKey(deps, id))
    : undefined;
  const updated = await deps.templates
    .update(id, { name: input.name, image }, deps.clock().toISOString())
    .catch(async (error: unknown) => {
      await deps.uploads.discard([image], 'template: save failed');
      throw error;
    });
  if (!updated) {
    await deps.uploads.discard([image], 'template: save refused');
    throw new NotFoundError(T.templateNotFound);
  }
  // Personalised vouchers name the template, not its image (the image is looked up live), so the old one can go.
  if (image && current.image !== image) await deps.uploads.discard([current.image], 'template: image replaced');
  return { message: T.templateSaved, data: toTemplate(updated) };
}

/** DELETE template/{id}: soft delete, so vouchers personalised with it keep their background. */
export async function deleteTemplate(
  deps: Pick<Deps, 'templates' | 'clock'>,
  _actor: Actor,
  id: string,
): Promise<{ message: string; id: string }> {
  if (!(await deps.templates.deactivate(id, deps.clock().toISOString()))) throw new NotFoundError(T.templateNotFound);
  return { message: T.templateDeleted, id };
}
