import { voucherBackgroundRequestSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { germanFallback, toFieldErrors } from '@gm/shared/validation/fields';
import type { Actor } from '../../lib/auth.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { explainWriteConflict, loadOwnVoucher, toApiVoucher } from './own-voucher.ts';
import { imageTargetKey } from './voucher-builder.ts';

/**
 * POST voucher/upload-bg-img/{id} {upload_id}: the builder's separate background step. The image was
 * uploaded through POST upload/image (purpose voucher-background) instead of the spec's chunk protocol
 * (docs/decisions/platform.md); here it is checked, published and set on the voucher and its catalogue card.
 */
export async function setVoucherBackground(
  deps: Pick<Deps, 'vouchers' | 'catalogueChanges' | 'uploads' | 'clock'>,
  actor: Actor,
  id: string,
  body: unknown,
): Promise<Voucher> {
  const existing = await loadOwnVoucher(deps, actor, id);
  const parsed = voucherBackgroundRequestSchema.safeParse(body, { error: germanFallback });
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const uploadId = parsed.data.upload_id;
  const url = await deps.uploads.publish(
    actor,
    uploadId,
    'voucher-background',
    imageTargetKey(id, 'background_image', uploadId),
  );
  const next = { ...toApiVoucher(existing), background_image: url };
  try {
    await deps.vouchers.update(
      next,
      { extra_image_bytes: existing.extra_image_bytes, updated_at: deps.clock().toISOString() },
      { sellerId: actor.userId, version: existing.version ?? 0 },
    );
  } catch (error) {
    // The new image is referenced by nothing; the old background always stays (sold snapshots show it).
    await deps.uploads.discard([url], 'voucher background: save failed');
    await explainWriteConflict(deps, actor, id, error);
  }
  deps.catalogueChanges.invalidate();
  return next;
}
