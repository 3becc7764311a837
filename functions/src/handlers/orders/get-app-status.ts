import { appStatus, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getAppStatus } from '../../services/orders/app-status.ts';

/** GET app-status (public) → { sales_paused }. */
export const handler = http('GET app-status', async () => json(200, await getAppStatus(resolve({ appStatus }))));
