import * as z from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  redemptionPageSchema,
  redemptionSchema,
  scannedVoucherSchema,
  scannerUserSchema,
  type CreateScannerUserInput,
  type RedeemRequest,
} from '@gm/shared/redemption/contracts';
import { API_BASE, buildUrl, toApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth.ts';

/** POST qr-code/scan: the scanned QR URL or a typed code → the voucher for the redemption form. */
export function scanCode(url: string) {
  return api
    .request('qr-code/scan', { method: 'POST', body: { url }, schema: z.object({ data: scannedVoucherSchema }) })
    .then((answer) => answer.data);
}

/** POST redemption; `idempotencyKey` stays the same for every retry of one redemption attempt. */
export function redeem(request: RedeemRequest, idempotencyKey: string) {
  return api.request('redemption', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: z.object({ message: z.string(), data: redemptionSchema }),
  });
}

export type RedemptionListParams = { page: number; cursor?: string | undefined; order_id?: string | undefined };

export function listRedemptions(params: RedemptionListParams) {
  return api.request('redemption', {
    query: { page: params.page, paginate: 9, cursor: params.cursor, order_id: params.order_id },
    schema: redemptionPageSchema,
  });
}

export function revokeRedemption(id: string) {
  return api.request('redemption/revoke', {
    method: 'POST',
    body: { id },
    schema: z.object({ message: z.string(), data: redemptionSchema }),
  });
}

/** POST redemption/download-pdf → the receipt as a Blob (the JSON client only reads JSON). */
export async function fetchRedemptionPdf(id: string): Promise<Blob> {
  const token = authStore.getSnapshot().token;
  const response = await fetch(buildUrl(API_BASE, 'redemption/download-pdf'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/pdf',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ id }),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

export function listScannerUsers() {
  return api
    .request('scanner-user', { schema: z.object({ data: z.array(scannerUserSchema) }) })
    .then((answer) => answer.data);
}

export function createScannerUser(input: CreateScannerUserInput) {
  return api.request('scanner-user', {
    method: 'POST',
    body: input,
    schema: z.object({ message: z.string(), data: scannerUserSchema }),
  });
}

export function toggleScannerUser(id: string) {
  return api.request(`scanner-user/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.object({ message: z.string(), data: scannerUserSchema }),
  });
}
