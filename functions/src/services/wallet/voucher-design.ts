import type { Personalisation } from '@gm/shared/wallet/personalisation';
import { PERSONALISE_TEXT, type BackgroundKind } from '@gm/shared/wallet/personalisation';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { UserVoucherPersonalisation } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';

/**
 * The design part shared by personalising a bought voucher and the buyer-designed voucher: which
 * background (default, an active admin template, or the buyer's own cropped photo), text colour and
 * message. A new photo is published into the media bucket here (`/media/<folder>/<random>.jpg`).
 */
export type DesignInput = {
  background: BackgroundKind;
  template_id?: string | null | undefined;
  custom_image_upload_id?: string | null | undefined;
  text_color?: string | null | undefined;
  note: string | null;
};

type DesignDeps = Pick<Deps, 'templates' | 'uploads' | 'newToken'>;

/** Checks the template first (cheap), then publishes a new photo; throws 422 on `template_id` / `custom_image_upload_id`. */
export async function resolveDesign(
  deps: DesignDeps,
  actor: Actor,
  input: DesignInput & { price_hidden: boolean },
  current: UserVoucherPersonalisation | undefined,
  mediaFolder: string,
  now: string,
): Promise<UserVoucherPersonalisation> {
  let templateId: string | null = null;
  let customImage: string | null = null;
  if (input.background === 'template') {
    const template = input.template_id ? await deps.templates.get(input.template_id) : undefined;
    // A template deleted meanwhile stays usable only for vouchers that already use it (docs/decisions/catalogue.md, templates).
    if (!template || (!template.status && current?.template_id !== template.id))
      throw ValidationError.field('template_id', PERSONALISE_TEXT.templateMissing);
    templateId = template.id;
  } else if (input.background === 'custom') {
    customImage = input.custom_image_upload_id
      ? await deps.uploads.publish(
          actor,
          input.custom_image_upload_id,
          'personalisation',
          `${mediaFolder}/${deps.newToken().slice(0, 24)}`,
        )
      : (current?.custom_image ?? null);
    if (!customImage) throw ValidationError.field('custom_image_upload_id', PERSONALISE_TEXT.imageMissing);
  }
  return {
    template_id: templateId,
    custom_image: customImage,
    custom_background_image: current?.custom_background_image ?? null,
    background_aid: input.background === 'default' ? (current?.background_aid ?? null) : null,
    text_color: input.text_color ?? null,
    note: input.note,
    price_hidden: input.price_hidden,
    updated_at: now,
  };
}

/**
 * What a design save does to the buyer's photo: `published` is the photo this save put into the media
 * bucket (delete it when the save fails), `replaced` the stored photo the design no longer uses (delete
 * it after the save succeeded). A photo lives only in its own voucher's design — no snapshot copies it.
 */
export function photoChange(
  before: UserVoucherPersonalisation | undefined,
  after: UserVoucherPersonalisation,
): { published: string | null; replaced: string | null } {
  const old = before?.custom_image ?? null;
  const next = after.custom_image;
  return { published: next && next !== old ? next : null, replaced: old && old !== next ? old : null };
}

/** The design as answered: the template's image resolved (one read of the small TEMPLATE partition item). */
export async function designView(
  deps: Pick<Deps, 'templates'>,
  design: UserVoucherPersonalisation | undefined,
): Promise<Personalisation | null> {
  if (!design) return null;
  const template = design.template_id ? await deps.templates.get(design.template_id) : undefined;
  return {
    template_id: design.template_id,
    template_image: template?.image ?? null,
    custom_image: design.custom_image,
    custom_background_image: design.custom_background_image,
    background_aid: design.background_aid,
    text_color: design.text_color,
    note: design.note,
    price_hidden: design.price_hidden,
    updated_at: design.updated_at,
  };
}
