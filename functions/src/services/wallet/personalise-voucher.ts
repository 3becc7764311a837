import type { PersonaliseInput, PersonaliseResponse } from '@gm/shared/wallet/personalisation';
import { PERSONALISE_TEXT } from '@gm/shared/wallet/personalisation';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';
import { designView, photoChange, resolveDesign } from './voucher-design.ts';

type PersonaliseDeps = Pick<Deps, 'userVouchers' | 'personalisations' | 'templates' | 'uploads' | 'newToken' | 'clock'>;

/**
 * Personalise a bought voucher (01 §2, §7 `POST user-voucher/{id}`): owner only (404 for another
 * buyer, as for a missing one), active vouchers only, and only against the `version` the form loaded —
 * two saves of the same version: the first wins, the second answers 409. The write is one
 * conditional UpdateItem, so a refused save changes nothing.
 */
export async function personaliseVoucher(
  deps: PersonaliseDeps,
  actor: Actor,
  id: string,
  input: PersonaliseInput,
): Promise<PersonaliseResponse> {
  const current = await ownActive(deps, actor, id);
  if (current.version !== input.version) throw new ConflictError(PERSONALISE_TEXT.stale);
  const now = deps.clock().toISOString();
  const design = await resolveDesign(deps, actor, input, current.personalisation, `user-vouchers/${id}`, now);
  const { published, replaced } = photoChange(current.personalisation, design);
  let version: number | undefined;
  try {
    version = await deps.personalisations.saveUserVoucherDesign(id, actor.userId, input.version, design);
  } catch (error) {
    await deps.uploads.discard([published], 'personalise: save failed');
    throw error;
  }
  if (version === undefined) {
    // The photo this save published is referenced by nothing; the stored design keeps its own.
    await deps.uploads.discard([published], 'personalise: save refused');
    // Someone else won: tell a lost race (409) from a voucher that changed hands or state meanwhile.
    await ownActive(deps, actor, id);
    throw new ConflictError(PERSONALISE_TEXT.stale);
  }
  // The version condition held, so `current` was the stored design: its photo is no longer used anywhere.
  await deps.uploads.discard([replaced], 'personalise: photo replaced');
  return { data: { id, personalisation: (await designView(deps, design))!, version } };
}

/** POST user-voucher/upload-custom-image/{id}: only the photo changes; the rest of the design stays. */
export async function personaliseCustomImage(
  deps: PersonaliseDeps,
  actor: Actor,
  id: string,
  input: { upload_id: string; version: number },
): Promise<PersonaliseResponse> {
  const current = await ownActive(deps, actor, id);
  return personaliseVoucher(deps, actor, id, {
    ...keep(current),
    background: 'custom',
    custom_image_upload_id: input.upload_id,
    version: input.version,
  });
}

/** POST user-voucher/upload-template/{id}: only the template changes; the rest of the design stays. */
export async function personaliseTemplate(
  deps: PersonaliseDeps,
  actor: Actor,
  id: string,
  input: { template_id: string; version: number },
): Promise<PersonaliseResponse> {
  const current = await ownActive(deps, actor, id);
  return personaliseVoucher(deps, actor, id, {
    ...keep(current),
    background: 'template',
    template_id: input.template_id,
    version: input.version,
  });
}

function keep(current: UserVoucherRecord): Omit<PersonaliseInput, 'background' | 'version'> {
  const p = current.personalisation;
  return {
    template_id: p?.template_id ?? null,
    text_color: p?.text_color ?? null,
    note: p?.note ?? null,
    price_hidden: p?.price_hidden ?? true,
    custom_image_upload_id: null,
  };
}

async function ownActive(deps: Pick<Deps, 'userVouchers'>, actor: Actor, id: string): Promise<UserVoucherRecord> {
  const record = await deps.userVouchers.get(id);
  // Someone else's voucher answers like a missing one (as GET user-voucher/{id} does).
  if (!record || record.owner_user_id !== actor.userId) throw new NotFoundError(PERSONALISE_TEXT.notFound);
  if (record.status !== 'active') throw ValidationError.field('id', PERSONALISE_TEXT.notActive);
  return record;
}
