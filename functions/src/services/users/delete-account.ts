import { ACCOUNT_DELETION_TEXT, type AccountDeletionResponse } from '@gm/shared/admin/account-deletion';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { UserVoucherPersonalisation } from '../../repositories/user-voucher-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';

export type AccountDeletionDeps = Pick<
  Deps,
  | 'users'
  | 'audit'
  | 'accountStatus'
  | 'payments'
  | 'stripeCustomers'
  | 'documents'
  | 'uploads'
  | 'verifications'
  | 'payoutAccounts'
  | 'companies'
  | 'settings'
  | 'wishlist'
  | 'sessions'
  | 'orders'
  | 'userVouchers'
  | 'buyerVouchers'
  | 'transfers'
  | 'vouchers'
  | 'catalogueChanges'
  | 'scannerStaff'
  | 'transactions'
  | 'clock'
  | 'newId'
>;

/**
 * `DELETE user/{id}` (03 §7, admin only; issue 11): GDPR Art. 17 erasure within the 7-year retention
 * of §132 BAO. What goes and what stays is the table of docs/data-model.md §4.1 "Account deletion".
 *
 * The run is resumable and every step is idempotent:
 * 1. mark the profile `deletion_state = in_progress`, `deleted_at` (+ the `delete_user` audit entry,
 *    one transaction): from here on login and the authoriser refuse the user, and the marked profile
 *    (still holding e-mail and keys) is the trail a rerun starts from;
 * 2. a seller's scanner users, each deleted the same way;
 * 3. outside the table: Cognito accounts, the Stripe customer, the ID documents and personal media
 *    (before the items that point at them go, so a crash never orphans them);
 * 4. the items, in transactions of ≤ 100 parts built by the repositories that own the keys;
 * 5. the uniqueness items (e-mail, username, subdomain, social identities), so the address can register again;
 * 6. the tombstone replaces the profile (`deletion_state = done`).
 * Deleting an account that is already deleted answers the same success (nothing is done twice).
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  actor: Actor,
  id: string,
): Promise<AccountDeletionResponse> {
  if (id === actor.userId) throw new ValidationError({ id: [ACCOUNT_DELETION_TEXT.self] }, ACCOUNT_DELETION_TEXT.self);
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError(ACCOUNT_DELETION_TEXT.notFound);
  if (user.role === 'admin')
    throw new ValidationError({ id: [ACCOUNT_DELETION_TEXT.admin] }, ACCOUNT_DELETION_TEXT.admin);
  await eraseAccount(deps, actor.userId, user, {});
  return { message: ACCOUNT_DELETION_TEXT.deleted };
}

async function eraseAccount(
  deps: AccountDeletionDeps,
  adminId: string,
  found: UserRecord,
  details: Record<string, string>,
): Promise<void> {
  const user = await startDeletion(deps, adminId, found, details);
  if (!user) return;

  if (user.role === 'seller') {
    for (const scanner of await deps.scannerStaff.listBySeller(user.id))
      await eraseAccount(deps, adminId, scanner, { seller_id: user.id });
  }

  // 3. Outside the table, while the items still name what to delete.
  await deps.accountStatus.deleteAccounts(user.email);
  const customer = await deps.stripeCustomers.get(user.id);
  if (customer) await deps.payments.deleteCustomer(customer.stripe_customer_id);
  const [verification, company, wallet, designs] = await Promise.all([
    deps.verifications.get(user.id),
    deps.companies.getBySeller(user.id),
    deps.userVouchers.listByOwner({ userId: user.id }),
    deps.buyerVouchers.listByOwner(user.id),
  ]);
  if (verification)
    await deps.documents.remove(
      [verification.id_front_key, verification.id_back_key, verification.id_additional_key].filter(
        (key): key is string => Boolean(key),
      ),
    );
  await deps.documents.removeAll(`verification/${user.id}/`);
  await deps.uploads.discard(
    [
      ...wallet.flatMap((uv) => personalImages(uv.personalisation)),
      ...designs.flatMap((bv) => personalImages(bv.personalisation)),
      // The logo stays: sold vouchers' snapshots show it (data-model §6).
      company?.header_logo,
    ],
    'account deletion',
  );

  // 4. The items.
  const now = deps.clock().toISOString();
  const parts: TransactionPart[] = [
    ...(await deps.wishlist.accountDeletionParts(user.id)),
    ...(await deps.sessions.accountDeletionParts(user.id)),
    ...(await deps.orders.accountDeletionParts(user.id)),
    ...(customer ? [deps.stripeCustomers.deletePart(user.id)] : []),
    ...wallet.flatMap((uv) => [
      ...(uv.transfer_code ? [deps.transfers.deletePart(uv.transfer_code)] : []),
      ...(uv.transfer_code || uv.personalisation ? [deps.userVouchers.anonymisePart(uv.id)] : []),
    ]),
    ...designs.flatMap((bv) => [
      ...(bv.transfer_code ? [deps.transfers.deletePart(bv.transfer_code)] : []),
      deps.buyerVouchers.deletePart(bv.id),
    ]),
  ];
  if (user.role === 'seller') {
    parts.push(
      deps.verifications.deletePart(user.id),
      deps.payoutAccounts.deletePart(user.id),
      deps.companies.deletePart(user.id),
      deps.settings.deleteSellerPart(user.id),
    );
    for (const voucher of await deps.vouchers.listBySeller(user.id))
      parts.push(...deps.vouchers.retireParts(voucher.id, now));
  }
  await deps.transactions.commit(parts);
  // Retired vouchers leave this container's catalogue at once (others follow within the cache TTL).
  if (user.role === 'seller') deps.catalogueChanges.invalidate();

  // 5. Free the unique values (each only while it is still this user's).
  await deps.users.releaseUnique('email', user.email, user.id);
  await deps.users.releaseUnique('username', user.username, user.id);
  if (user.subdomain) await deps.users.releaseUnique('subdomain', user.subdomain, user.id);
  for (const identity of user.deletion_identities ?? [])
    await deps.users.releaseIdentity(identity.provider, identity.subject, user.id);

  // 6. The tombstone (a concurrent run that finished first makes this a no-op).
  await deps.users.putTombstone(user, deps.clock().toISOString());
}

/**
 * Step 1: the profile as marked for deletion, or undefined when there is nothing (left) to do. A run
 * that finds the mark resumes; a first run writes it with the audit entry.
 */
async function startDeletion(
  deps: AccountDeletionDeps,
  adminId: string,
  user: UserRecord,
  details: Record<string, string>,
): Promise<UserRecord | undefined> {
  if (user.deletion_state === 'done') return undefined;
  if (user.deletion_state === 'in_progress') return user;
  const at = deps.clock().toISOString();
  const identities = await deps.accountStatus.linkedIdentities(user.email);
  // Ids and the role only: the entry outlives the account and must hold no personal data.
  const audit = deps.audit.part(
    auditEntry(deps, 'delete_user', { actor: adminId, target: user.id, at }, { role: user.role, ...details }),
  );
  if (await deps.users.startDeletion(user.id, at, identities, [audit]))
    return { ...user, deleted_at: at, deletion_state: 'in_progress', deletion_identities: identities };
  // Another run marked it first (or the profile is gone): continue from what is stored.
  const stored = await deps.users.get(user.id);
  return stored?.deletion_state === 'in_progress' ? stored : undefined;
}

/** The owner's own photos in a design (media paths); templates are the admin's and stay. */
function personalImages(personalisation: UserVoucherPersonalisation | undefined): (string | null)[] {
  return personalisation ? [personalisation.custom_image, personalisation.custom_background_image] : [];
}
