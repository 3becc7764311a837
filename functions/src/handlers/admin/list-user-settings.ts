import { platformAdmin, resolve, settings } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { listUserSettings } from '../../services/admin/platform-settings.ts';

/** GET user-settings (admin): the sellers with settings of their own. */
export const handler = http('GET user-settings', async () =>
  json(200, await listUserSettings(resolve({ settings, platformAdmin }))),
);
