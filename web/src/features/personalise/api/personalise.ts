import { templateListSchema } from '@gm/shared/templates/contracts';
import {
  buyerVoucherListSchema,
  buyerVoucherResponseSchema,
  type SaveBuyerVoucherRequest,
} from '@gm/shared/wallet/buyer-voucher';
import { userVoucherDetailResponseSchema } from '@gm/shared/wallet/contracts';
import { personaliseResponseSchema, type PersonaliseRequest } from '@gm/shared/wallet/personalisation';
import { api } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/use-api-query.ts';

/** GET user-voucher/{id}: the bought voucher to personalise (owner only). */
export async function getUserVoucher(id: string) {
  return (await api.request(`user-voucher/${encodeURIComponent(id)}`, { schema: userVoucherDetailResponseSchema }))
    .user_voucher;
}

/** POST user-voucher/{id}: saves the personalisation form against the loaded version. */
export async function savePersonalisation(id: string, body: PersonaliseRequest) {
  return (
    await api.request(`user-voucher/${encodeURIComponent(id)}`, {
      method: 'POST',
      body,
      schema: personaliseResponseSchema,
    })
  ).data;
}

/** GET buyer-voucher/{id}: one of the caller's buyer-designed vouchers. */
export async function getBuyerVoucher(id: string) {
  return (await api.request(`buyer-voucher/${encodeURIComponent(id)}`, { schema: buyerVoucherResponseSchema })).data;
}

/** POST buyer-voucher/{id}: creates (version 0) or updates it. */
export async function saveBuyerVoucher(id: string, body: SaveBuyerVoucherRequest) {
  return (
    await api.request(`buyer-voucher/${encodeURIComponent(id)}`, {
      method: 'POST',
      body,
      schema: buyerVoucherResponseSchema,
    })
  ).data;
}

/** GET buyer-voucher?page: the caller's buyer-designed vouchers, 9 per page. */
export function useBuyerVouchers(page: number) {
  return useApiQuery(
    `buyer-vouchers:${page}`,
    () => api.request('buyer-voucher', { query: { page }, schema: buyerVoucherListSchema }),
    { staleMs: 0, keepPrevious: true },
  );
}

/** GET template: the admin's active templates to choose as background. */
export function useTemplates() {
  return useApiQuery(
    'templates:active',
    async () => (await api.request('template', { schema: templateListSchema })).data,
    { staleMs: 60_000 },
  );
}
