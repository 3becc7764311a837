import { globalSettingsRequestSchema } from '@gm/shared/admin/platform';
import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { saveGlobalSettings } from '../../services/admin/platform-settings.ts';

/** PUT global-settings/1 {six fields} (admin). */
export const handler = http('PUT global-settings/{id}', async ({ actor, body, params }) => {
  const input = parse(globalSettingsRequestSchema, body);
  const deps = resolve({ settings, users, companies, audit, clock, newId });
  return json(200, await saveGlobalSettings(deps, actor, input, params.id ?? ''));
});
