import {
  effectiveSettings,
  overridesOf,
  type Settings,
  type UserSettingsResponse,
} from '@gm/shared/settings/contracts';
import { GLOBAL_SETTINGS_ID } from '@gm/shared/admin/platform';
import type { Actor } from '../../lib/auth.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { Deps } from '../deps.ts';

/** GET global-settings: the stored global settings, the code defaults for fields (or an item) not stored yet. */
export async function getGlobalSettings(
  deps: Pick<Deps, 'settings'>,
): Promise<{ data: Settings & { id: string | null } }> {
  const global = await deps.settings.getGlobal();
  const stored = global !== undefined && Object.keys(global).length > 0;
  return { data: { ...effectiveSettings(global, undefined), id: stored ? GLOBAL_SETTINGS_ID : null } };
}

/** The settings that apply to a seller (its own values over the global ones); one BatchGetItem. */
export async function settingsForSeller(
  deps: { settings: Pick<Deps['settings'], 'getForSeller'> },
  sellerId: string,
): Promise<{ effective: Settings; overrides: Partial<Settings>; hasOwn: boolean }> {
  const { global, seller } = await deps.settings.getForSeller(sellerId);
  return { effective: effectiveSettings(global, seller), overrides: overridesOf(seller), hasOwn: seller !== undefined };
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
  return {
    data: {
      ...settings.effective,
      user_id: userId,
      overrides: settings.overrides,
      id: settings.hasOwn ? userId : null,
    },
  };
}
