import { paginate, type Paged } from '@gm/shared/api/paged';
import { CATALOGUE_ADMIN_TEXT as T } from '@gm/shared/catalogue-admin/contracts';
import { toVoucherCard, type VoucherCard } from '@gm/shared/catalogue/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';
import { VOUCHER_NOT_FOUND } from '../catalogue/get-voucher.ts';

/**
 * GET voucher/all (admin featured table): every voucher with a catalogue entry (active or not;
 * deleted and employee vouchers have none), newest first, 10 per page. Read fresh, not from the
 * cache, so the admin sees a toggle at once even when another container served it.
 */
export async function listAllVouchers(
  deps: Pick<Deps, 'vouchers'>,
  input: { page: number; paginate: number; keyword?: string | undefined },
  pageUrl: (page: number) => string,
): Promise<Paged<VoucherCard>> {
  const keyword = input.keyword?.trim().toLowerCase();
  const entries = (await deps.vouchers.listCatalogue())
    .filter((e) => !keyword || e.search_text.includes(keyword))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  const page = paginate(entries, input.page, input.paginate, pageUrl);
  return { ...page, data: page.data.map(({ search_text: _text, ...card }) => card) };
}

/** POST voucher/update-feature/{id}: flips Featured / Not Featured on the voucher and its catalogue entry. */
export async function toggleVoucherFeature(
  deps: Pick<Deps, 'vouchers' | 'catalogueChanges' | 'clock'>,
  _actor: Actor,
  id: string,
): Promise<{ message: string; voucher: VoucherCard }> {
  // A concurrent flip between our read and write fails the condition; read again and flip what is there now.
  for (let attempt = 0; attempt < 3; attempt++) {
    const voucher = await deps.vouchers.get(id);
    const deleted = Boolean((voucher as { deleted_at?: string | null } | undefined)?.deleted_at);
    if (!voucher || deleted || voucher.is_tourism) throw new NotFoundError(VOUCHER_NOT_FOUND);
    const to = !voucher.is_featured;
    const result = await deps.vouchers.setFeatured(id, voucher.is_featured, to, deps.clock().toISOString());
    if (result === 'not-found') throw new NotFoundError(VOUCHER_NOT_FOUND);
    if (result === 'ok') {
      deps.catalogueChanges.invalidate();
      return { message: to ? T.featuredOn : T.featuredOff, voucher: toVoucherCard({ ...voucher, is_featured: to }) };
    }
  }
  throw new ConflictError('Der Gutschein wurde gerade geändert. Bitte versuche es erneut.');
}
