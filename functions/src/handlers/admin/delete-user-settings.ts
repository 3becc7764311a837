import { audit, clock, companies, newId, resolve, settings, users } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { deleteUserSettings } from '../../services/admin/platform-settings.ts';

/** DELETE user-settings/{sellerId} (admin): the seller follows the global settings again. */
export const handler = http('DELETE user-settings/{id}', async ({ actor, params }) =>
  json(
    200,
    await deleteUserSettings(resolve({ settings, users, companies, audit, clock, newId }), actor, params.id ?? ''),
  ),
);
