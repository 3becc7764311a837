import { userSettingsUpdateSchema } from '@gm/shared/admin/platform';
import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { saveUserSettings } from '../../services/admin/platform-settings.ts';

/** PUT user-settings/{sellerId} {six fields} (admin): replaces the seller's own settings. */
export const handler = http('PUT user-settings/{id}', async ({ actor, body, params }) => {
  const input = parse(userSettingsUpdateSchema, body);
  const deps = resolve({ settings, users, companies, audit, clock, newId });
  return json(200, await saveUserSettings(deps, actor, 'update', params.id ?? '', input));
});
