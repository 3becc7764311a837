import {
  effectiveSettings,
  overridesOf,
  type Settings,
  type UserSettingsResponse,
} from '@gm/shared/settings/contracts';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/** GET global-settings: the stored global settings, the code defaults for fields (or an item) not stored yet. */
export async function getGlobalSettings(deps: Pick<Deps, 'settings'>): Promise<{ data: Settings }> {
  return { data: effectiveSettings(await deps.settings.getGlobal(), undefined) };
}

/** The settings that apply to a seller (its own values over the global ones); one BatchGetItem. */
export async function settingsForSeller(
  deps: Pick<Deps, 'settings'>,
  sellerId: string,
): Promise<{ effective: Settings; overrides: Partial<Settings> }> {
  const { global, seller } = await deps.settings.getForSeller(sellerId);
  return { effective: effectiveSettings(global, seller), overrides: overridesOf(seller) };
}

/** GET user-settings/by-user?user_id=: admins read any user's, a seller only its own. */
export async function getUserSettings(
  deps: Pick<Deps, 'settings' | 'users'>,
  actor: Actor,
  userId: string,
): Promise<UserSettingsResponse> {
  if (actor.role !== 'admin' && actor.userId !== userId) throw new ForbiddenError();
  const [user, settings] = await Promise.all([deps.users.get(userId), settingsForSeller(deps, userId)]);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');
  return { data: { ...settings.effective, user_id: userId, overrides: settings.overrides } };
}
