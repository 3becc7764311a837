import { userSettingsCreateSchema } from '@gm/shared/admin/platform';
import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { saveUserSettings } from '../../services/admin/platform-settings.ts';

/** POST user-settings {user_id, six fields} (admin): the seller's own settings, while it has none. */
export const handler = http('POST user-settings', async ({ actor, body }) => {
  const { user_id, ...input } = parse(userSettingsCreateSchema, body);
  const deps = resolve({ settings, users, companies, audit, clock, newId });
  return json(201, await saveUserSettings(deps, actor, 'create', user_id, input));
});
