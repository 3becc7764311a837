import { salesPause, resolve } from '../../lib/deps.ts';
import { http, json } from '../../lib/http.ts';
import { getSalesPause } from '../../services/orders/sales-pause.ts';

/** GET app-status (public) → { sales_paused }. */
export const handler = http('GET app-status', async () => json(200, await getSalesPause(resolve({ salesPause }))));
