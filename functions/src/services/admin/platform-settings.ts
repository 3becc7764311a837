import { GLOBAL_SETTINGS_ID, PLATFORM_ADMIN_TEXT as T, type UserSettingsRow } from '@gm/shared/admin/platform';
import { effectiveSettings, type Settings } from '@gm/shared/settings/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { SettingsWriteRefused } from '../../repositories/settings-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';

/**
 * Admin settings (03 §2 /settings, /settings/user/{id}; §7 global-settings and user-settings CRUD).
 * Each write commits with its `update_settings` audit entry. Orders keep the commission frozen at
 * sale (complete-payment.ts), so a change here only affects later sales.
 */
type SettingsDeps = Pick<Deps, 'settings' | 'users' | 'companies' | 'audit' | 'clock' | 'newId'>;

/** The audit target of the global item (it belongs to no user). */
const GLOBAL_TARGET = 'GLOBAL_SETTINGS';

function auditPart(
  deps: Pick<Deps, 'audit' | 'clock' | 'newId'>,
  actor: Actor,
  target: string,
  details: Record<string, unknown>,
  at: string,
) {
  return deps.audit.part(auditEntry(deps, 'update_settings', { actor: actor.userId, target, at }, details));
}

function checkGlobalId(id: string) {
  if (id !== GLOBAL_SETTINGS_ID) throw new NotFoundError(T.globalNotFound);
}

/** POST global-settings and PUT global-settings/1: the six fields (the sales pause on the item stays). */
export async function saveGlobalSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: Settings,
  id: string = GLOBAL_SETTINGS_ID,
): Promise<{ message: string; data: Settings }> {
  checkGlobalId(id);
  const now = deps.clock().toISOString();
  await deps.settings.saveGlobal(input, now, [
    auditPart(deps, actor, GLOBAL_TARGET, { scope: 'global', op: 'save', values: input }, now),
  ]);
  return { message: T.settingsSaved, data: input };
}

/** DELETE global-settings/1: back to the code defaults (DEFAULT_SETTINGS); the sales pause stays. */
export async function resetGlobalSettings(
  deps: SettingsDeps,
  actor: Actor,
  id: string,
): Promise<{ message: string; data: Settings }> {
  checkGlobalId(id);
  const now = deps.clock().toISOString();
  await deps.settings.resetGlobal(now, [auditPart(deps, actor, GLOBAL_TARGET, { scope: 'global', op: 'reset' }, now)]);
  return { message: T.globalReset, data: effectiveSettings(undefined, undefined) };
}

async function requireSeller(deps: Pick<Deps, 'users'>, userId: string) {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(T.sellerNotFound);
  if (user.role !== 'seller') throw ValidationError.field('user_id', T.notASeller);
  return user;
}

/** POST user-settings (create) and PUT user-settings/{sellerId} (update): all six fields become the seller's own. */
export async function saveUserSettings(
  deps: SettingsDeps,
  actor: Actor,
  mode: 'create' | 'update',
  sellerId: string,
  input: Settings,
): Promise<{ message: string; data: Settings }> {
  await requireSeller(deps, sellerId);
  const now = deps.clock().toISOString();
  try {
    await deps.settings.writeSeller(mode, sellerId, input, now, [
      auditPart(deps, actor, sellerId, { scope: 'seller', op: mode, values: input }, now),
    ]);
  } catch (error) {
    if (error instanceof SettingsWriteRefused)
      throw error.reason === 'exists'
        ? ValidationError.field('user_id', T.sellerSettingsExist)
        : new NotFoundError(T.sellerSettingsMissing);
    throw error;
  }
  return { message: T.settingsSaved, data: input };
}

/** DELETE user-settings/{sellerId}: the seller follows the global settings again. */
export async function deleteUserSettings(
  deps: SettingsDeps,
  actor: Actor,
  sellerId: string,
): Promise<{ message: string }> {
  const now = deps.clock().toISOString();
  try {
    await deps.settings.deleteSeller(sellerId, [
      auditPart(deps, actor, sellerId, { scope: 'seller', op: 'delete' }, now),
    ]);
  } catch (error) {
    if (error instanceof SettingsWriteRefused) throw new NotFoundError(T.sellerSettingsMissing);
    throw error;
  }
  return { message: T.sellerSettingsRemoved };
}

/** GET user-settings: every seller with settings of its own, with username and company, by username. */
export async function listUserSettings(
  deps: Pick<Deps, 'settings' | 'platformAdmin'>,
): Promise<{ data: UserSettingsRow[] }> {
  const rows = await deps.settings.listSellers();
  const sellers = new Map(
    (await deps.platformAdmin.sellerSummaries(rows.map((row) => row.user_id))).map((s) => [s.id, s]),
  );
  return {
    data: rows
      .map((row) => ({
        ...row,
        username: sellers.get(row.user_id)?.username ?? null,
        company_name: sellers.get(row.user_id)?.company_name ?? null,
      }))
      .sort((a, b) => (a.username ?? '').localeCompare(b.username ?? '')),
  };
}
