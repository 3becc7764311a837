import { globalSettingsRequestSchema } from '@gm/shared/admin/platform';
import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { saveGlobalSettings } from '../../services/admin/platform-settings.ts';

/** POST global-settings {six fields} (admin): saves the global settings. */
export const handler = http('POST global-settings', async ({ actor, body }) => {
  const input = parse(globalSettingsRequestSchema, body);
  return json(
    200,
    await saveGlobalSettings(resolve({ settings, users, companies, audit, clock, newId }), actor, input),
  );
});
