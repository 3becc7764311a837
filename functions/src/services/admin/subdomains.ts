import { PLATFORM_ADMIN_TEXT as T, type SubdomainSeller } from '@gm/shared/admin/platform';
import { SUBDOMAIN_TEXT } from '@gm/shared/tenant/reserved';
import { MSG } from '@gm/shared/validation/messages';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { SubdomainWriteRefused, type SellerSummary } from '../../repositories/platform-admin-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';

/**
 * /subdomain (03 §2, §4 "Subdomain: assigned to a seller without one, changed, or removed (empty
 * name)"; data-model §4.9). The name is unique through the same `UNIQUE#…` items as e-mail and
 * username; the old name is released in the same transaction, so it answers the main site at once.
 */
const toRow = (s: SellerSummary): SubdomainSeller => ({
  id: s.id,
  username: s.username,
  company_name: s.company_name,
  subdomain: s.subdomain,
  subdomain_updated: s.subdomain_updated,
});

/** PUT user/company/update/{sellerId} {name}: assign, rename or (empty name) remove. */
export async function setSubdomain(
  deps: Pick<Deps, 'users' | 'platformAdmin' | 'audit' | 'clock' | 'newId'>,
  actor: Actor,
  sellerId: string,
  name: string | null,
): Promise<{ message: string; data: SubdomainSeller }> {
  const seller = await deps.users.get(sellerId);
  if (!seller) throw new NotFoundError(T.sellerNotFound);
  if (seller.role !== 'seller') throw ValidationError.field('user_id', T.notASeller);
  const from = seller.subdomain || null;
  const [summary] = await deps.platformAdmin.sellerSummaries([sellerId]);
  if ((from ?? '').toLowerCase() === (name ?? '')) {
    // Nothing to remove: the name is what an assignment needs (03 §5 'Subdomain requires a seller and a name').
    if (!name) throw ValidationError.field('name', MSG.required);
    return { message: T.subdomainUnchanged, data: toRow(summary!) };
  }
  const now = deps.clock().toISOString();
  try {
    await deps.platformAdmin.setSubdomain({
      sellerId,
      from,
      to: name,
      now,
      extra: [
        deps.audit.part(
          auditEntry(deps, 'set_subdomain', { actor: actor.userId, target: sellerId, at: now }, { from, to: name }),
        ),
      ],
    });
  } catch (error) {
    if (error instanceof SubdomainWriteRefused)
      throw error.reason === 'taken'
        ? ValidationError.field('name', SUBDOMAIN_TEXT.taken)
        : ValidationError.field('name', T.subdomainChanged);
    throw error;
  }
  return {
    message: name ? T.subdomainSet : T.subdomainRemoved,
    data: { ...toRow(summary!), subdomain: name, subdomain_updated: now },
  };
}
