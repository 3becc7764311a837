import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { resetGlobalSettings } from '../../services/admin/platform-settings.ts';

/** DELETE global-settings/1 (admin): removes the stored values, the code defaults apply again. */
export const handler = http('DELETE global-settings/{id}', async ({ actor, params }) =>
  json(
    200,
    await resetGlobalSettings(resolve({ settings, users, companies, audit, clock, newId }), actor, params.id ?? ''),
  ),
);
