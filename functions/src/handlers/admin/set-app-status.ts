import { setSalesPauseRequestSchema } from '@gm/shared/orders/checkout-extras';
import { salesPause, clock, resolve, settings } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setSalesPause } from '../../services/orders/sales-pause.ts';

/** PUT app-status (admin) { sales_paused }: the sales pause switch. */
export const handler = http('PUT app-status', async ({ body }) => {
  const input = parse(setSalesPauseRequestSchema, body);
  return json(200, await setSalesPause(resolve({ settings, salesPause, clock }), input));
});
