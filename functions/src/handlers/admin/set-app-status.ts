import { setAppStatusRequestSchema } from '@gm/shared/orders/checkout-extras';
import { appStatus, clock, resolve, settings } from '../../lib/deps.ts';
import { http, json, parse } from '../../lib/http.ts';
import { setAppStatus } from '../../services/orders/app-status.ts';

/** PUT app-status (admin) { sales_paused }: the sales pause switch. */
export const handler = http('PUT app-status', async ({ body }) => {
  const input = parse(setAppStatusRequestSchema, body);
  return json(200, await setAppStatus(resolve({ settings, appStatus, clock }), input));
});
