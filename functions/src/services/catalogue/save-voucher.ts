import type { Voucher } from '@gm/shared/catalogue/contracts';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import { voucherFormSchema, type VoucherForm } from '@gm/shared/catalogue/voucher-form';
import type { ImagePurpose } from '@gm/shared/uploads/contracts';
import { germanFallback, toFieldErrors } from '@gm/shared/validation/fields';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { EmployeeClaimTaken, type VoucherRecord } from '../../repositories/voucher-repository.ts';
import { EMPLOYEE_VOUCHER_TEXT } from '@gm/shared/tourism/employee-voucher-texts';
import { newClaimNo } from '../employee-vouchers/claim-number.ts';
import type { Deps } from '../deps.ts';
import { settingsForSeller } from '../settings/settings.ts';
import { explainWriteConflict, loadOwnVoucher, toApiVoucher } from './own-voucher.ts';
import {
  buildVoucher,
  extraImageBytes,
  imageTargetKey,
  planImages,
  resolveCategory,
  UPLOAD_FIELD,
  type ExtraImageSlot,
  type ImagePlan,
  type ImageSlot,
} from './voucher-builder.ts';

/** Profiles and settings are only read here (lib/deps.ts `userReader`, `sellerSettingsReader`). */
export type SaveVoucherDeps = Pick<
  Deps,
  'vouchers' | 'catalogueChanges' | 'categoryTree' | 'companies' | 'uploads' | 'clock' | 'newId'
> &
  Partial<Pick<Deps, 'employeeVoucherCache'>> & {
    users: Pick<Deps['users'], 'get'>;
    settings: Pick<Deps['settings'], 'getForSeller'>;
  };

const purposeOf = (slot: ImageSlot): ImagePurpose =>
  slot === 'background_image' ? 'voucher-background' : 'voucher-image';

/** Upload errors arrive on `upload_id`; the builder shows them on the form field that carried the upload. */
async function onField<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ValidationError)
      throw new ValidationError({ [field]: Object.values(error.errors).flat() }, error.message);
    throw error;
  }
}

/**
 * Checks every new upload first (owner, purpose, size, type; extra images ≤ 2 MB together), and only
 * then publishes them, so a refused save uses up none of the seller's uploads.
 */
export async function publishImages(
  deps: Pick<Deps, 'uploads'>,
  actor: Actor,
  voucherId: string,
  plan: ImagePlan,
  recorded: VoucherRecord['extra_image_bytes'],
) {
  const slots = Object.entries(plan.uploads) as [ImageSlot, string][];
  const described = await Promise.all(
    slots.map(([slot, uploadId]) =>
      onField(UPLOAD_FIELD[slot], () => deps.uploads.describe(actor, uploadId, purposeOf(slot))),
    ),
  );
  const newSizes: Partial<Record<ExtraImageSlot, number>> = {};
  slots.forEach(([slot], index) => {
    if (slot !== 'background_image') newSizes[slot] = described[index]?.size ?? 0;
  });
  const extraBytes = extraImageBytes(plan, newSizes, recorded);
  const images = { ...plan.keep };
  const urls = await Promise.all(
    slots.map(([slot, uploadId]) =>
      onField(UPLOAD_FIELD[slot], () =>
        deps.uploads.publish(actor, uploadId, purposeOf(slot), imageTargetKey(voucherId, slot, uploadId)),
      ),
    ),
  );
  slots.forEach(([slot], index) => {
    images[slot] = urls[index] ?? null;
  });
  return { images, extraBytes };
}

/** The images a save published from new uploads (not the kept ones). */
function publishedUrls(
  images: Partial<Record<ImageSlot, string | null>>,
  plan: ImagePlan,
): Array<string | null | undefined> {
  return (Object.keys(plan.uploads) as ImageSlot[]).map((slot) => images[slot]);
}

/** The seller summary embedded in the voucher (username, company name, logo, region, url) and the region. */
async function sellerEmbed(
  deps: Pick<Deps, 'companies'> & { users: Pick<Deps['users'], 'get'> },
  sellerId: string,
): Promise<{ seller: Voucher['seller']; regionId: number | null }> {
  const [user, company] = await Promise.all([deps.users.get(sellerId), deps.companies.getBySeller(sellerId)]);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  const regionId = company?.region_id ?? user.region_id ?? null;
  return {
    seller: {
      id: user.id,
      username: user.username,
      company: company
        ? { name: company.name, logo: company.logo, region: regionLabel(company.region_id), url: company.url }
        : null,
      is_activated: user.is_activated !== false,
    },
    regionId,
  };
}

/** Parses the form against the seller's effective minimum voucher value and loads what the voucher embeds. */
async function prepare(deps: SaveVoucherDeps, actor: Actor, body: unknown, isUpdate: boolean) {
  const [settings, tree, embed] = await Promise.all([
    settingsForSeller(deps, actor.userId),
    deps.categoryTree.tree(),
    sellerEmbed(deps, actor.userId),
  ]);
  const parsed = voucherFormSchema({ minimumCents: settings.effective.minimum_voucher_value, isUpdate }).safeParse(
    body,
    { error: germanFallback },
  );
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const form: VoucherForm = parsed.data;
  const { category, subcategoryId } = resolveCategory(tree, form.voucher_category_id, form.subcategory_id);
  return { form, category, subcategoryId, ...embed };
}

/**
 * Builder tourism mode (issue 13): only a partner seller (`is_partner`, 403 otherwise) bound to a
 * tourism account (`tourism_id`, 422 otherwise) creates employee vouchers; its `tourism_id` is copied.
 */
async function tourismIdFor(deps: { users: Pick<Deps['users'], 'get'> }, actor: Actor): Promise<string> {
  const profile = await deps.users.get(actor.userId);
  if (!profile?.is_partner) throw new ForbiddenError(EMPLOYEE_VOUCHER_TEXT.onlyPartners);
  if (!profile.tourism_id) throw ValidationError.field('is_tourism', EMPLOYEE_VOUCHER_TEXT.noTourismAccount);
  return profile.tourism_id;
}

/** POST voucher: a new voucher of the signed-in seller, active, with its catalogue entry (employee vouchers: none). */
export async function createVoucher(deps: SaveVoucherDeps, actor: Actor, body: unknown): Promise<Voucher> {
  const prepared = await prepare(deps, actor, body, false);
  const { category, subcategoryId, seller, regionId } = prepared;
  const tourism = prepared.form.is_tourism;
  const tourismId = tourism ? await tourismIdFor(deps, actor) : undefined;
  // Tourism mode clears the background image (02 §2): an upload sent anyway is not published.
  const form: VoucherForm = tourism ? { ...prepared.form, background_upload_id: null, remove_bg: true } : prepared.form;
  const id = deps.newId();
  const now = deps.clock().toISOString();
  const plan = planImages(form, undefined);
  const { images, extraBytes } = await publishImages(deps, actor, id, plan, undefined);
  const voucher = buildVoucher(form, { id, seller, regionId, category, subcategoryId, images, now, tourism });
  const extras = { extra_image_bytes: extraBytes, updated_at: now };
  try {
    if (!tourismId) await deps.vouchers.create(voucher, extras);
    else {
      for (let attempt = 0; ; attempt++) {
        try {
          await deps.vouchers.create(voucher, extras, { tourism_id: tourismId, employee_claim_no: newClaimNo() });
          break;
        } catch (error) {
          if (!(error instanceof EmployeeClaimTaken) || attempt >= 4) throw error;
        }
      }
    }
  } catch (error) {
    await deps.uploads.discard(publishedUrls(images, plan), 'voucher: create failed');
    throw error;
  }
  if (tourism) deps.employeeVoucherCache?.invalidate();
  else deps.catalogueChanges.invalidate();
  return toApiVoucher(voucher);
}

/**
 * POST voucher/{id}: the whole form again (display required). Only the owning seller, only while the
 * voucher is live and unchanged since it was read; status, feature flag, sales and creation time stay.
 */
export async function updateVoucher(deps: SaveVoucherDeps, actor: Actor, id: string, body: unknown): Promise<Voucher> {
  const existing = await loadOwnVoucher(deps, actor, id);
  const prepared = await prepare(deps, actor, body, true);
  const { category, subcategoryId, seller, regionId } = prepared;
  const form: VoucherForm = existing.is_tourism
    ? { ...prepared.form, background_upload_id: null, remove_bg: true }
    : prepared.form;
  const now = deps.clock().toISOString();
  const plan = planImages(form, existing);
  const { images, extraBytes } = await publishImages(deps, actor, id, plan, existing.extra_image_bytes);
  const voucher = buildVoucher(form, { id, seller, regionId, category, subcategoryId, images, existing, now });
  try {
    await deps.vouchers.update(
      voucher,
      { extra_image_bytes: extraBytes, updated_at: now },
      { sellerId: actor.userId, version: existing.version ?? 0 },
    );
  } catch (error) {
    // Only what this save published goes; replaced voucher images always stay (sold snapshots show them).
    await deps.uploads.discard(publishedUrls(images, plan), 'voucher: save failed');
    await explainWriteConflict(deps, actor, id, error);
  }
  deps.catalogueChanges.invalidate();
  if (existing.is_tourism) deps.employeeVoucherCache?.invalidate();
  const stored = await deps.vouchers.get(id, true);
  return toApiVoucher(stored && !stored.deleted_at ? stored : voucher);
}
