import { userSettingsQuerySchema } from '@gm/shared/settings/contracts';
import { resolve, settings, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { getUserSettings } from '../../services/settings/settings.ts';

export const handler = http('GET user-settings/by-user', async ({ actor, query }) => {
  const { user_id } = parse(userSettingsQuerySchema, query);
  return json(200, await getUserSettings(resolve({ settings, users }), actor, user_id));
});
