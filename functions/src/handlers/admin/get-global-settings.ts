import { resolve, settings } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getGlobalSettings } from '../../services/settings/settings.ts';

export const handler = http('GET global-settings', async () =>
  json(200, await getGlobalSettings(resolve({ settings }))),
);
