import { ORIGIN } from '@gm/shared/admin/users';
import {
  REDEMPTION_TEXT,
  type CreateScannerUserInput,
  type ScannerUser,
  type createScannerUserSchema,
} from '@gm/shared/redemption/contracts';
import type * as z from 'zod/mini';
import { NotFoundError } from '../../lib/errors.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { createAccount } from '../auth/create-account.ts';
import type { Deps } from '../deps.ts';
import { newUserRecord } from '../users/new-user.ts';

export type ScannerUserDeps = Pick<Deps, 'users' | 'scannerStaff' | 'identity' | 'accountStatus' | 'clock' | 'newId'>;

export function toScannerUser(user: UserRecord): ScannerUser {
  return {
    id: user.id,
    scanner: user.username,
    username: user.username,
    email: user.email,
    status: user.is_active !== false,
    created_at: user.created_at,
  };
}

/** GET scanner-user: the seller's scanner users, newest first (bounded partition). */
export async function listScannerUsers(deps: Pick<Deps, 'scannerStaff'>, sellerId: string): Promise<ScannerUser[]> {
  return (await deps.scannerStaff.listBySeller(sellerId)).map(toScannerUser);
}

/**
 * POST scanner-user (02 §3, §5): a `scanner` profile bound to the seller (`seller_id`, GSI2
 * `SELLER#<id>#SCANNERS`) with unique username and e-mail in one transaction, then the Cognito
 * account in group `scanner`; if Cognito refuses, the items are removed again (as registration does).
 */
export async function createScannerUser(
  deps: ScannerUserDeps,
  sellerId: string,
  input: z.output<typeof createScannerUserSchema> | CreateScannerUserInput,
): Promise<ScannerUser> {
  const user = newUserRecord(
    {
      id: deps.newId(),
      username: input.username,
      email: input.email.toLowerCase(),
      role: 'scanner',
      origin: ORIGIN.seller,
      seller_id: sellerId,
      is_active: true,
    },
    deps.clock(),
  );
  await createAccount(deps, user, input.password);
  return toScannerUser(user);
}

/**
 * DELETE scanner-user/{id} (02 §4): toggles the scanner's status. Cognito first (idempotent: it
 * sets the wanted state), then the profile under the condition that the status is still what was
 * read; a concurrent toggle that won puts Cognito back in line with the stored status.
 */
export async function toggleScannerUser(
  deps: ScannerUserDeps,
  sellerId: string,
  id: string,
): Promise<{ message: string; data: ScannerUser }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await deps.users.get(id);
    if (!user || user.role !== 'scanner' || user.seller_id !== sellerId)
      throw new NotFoundError(REDEMPTION_TEXT.scannerNotFound);
    const active = user.is_active !== false;
    await deps.accountStatus.setEnabled(user.email, !active);
    const at = deps.clock().toISOString();
    if (await deps.scannerStaff.setActive(id, sellerId, active, !active, at)) {
      return {
        message: active ? REDEMPTION_TEXT.scannerDeactivated : REDEMPTION_TEXT.scannerActivated,
        data: toScannerUser({ ...user, is_active: !active, updated_at: at }),
      };
    }
    const now = await deps.users.get(id);
    if (now) await deps.accountStatus.setEnabled(now.email, now.is_active !== false);
  }
  throw new Error(`scanner ${id}: status kept changing`);
}
