import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { templateListSchema } from '@gm/shared/templates/contracts';
import {
  buyerVoucherListSchema,
  buyerVoucherResponseSchema,
  downloadBuyerVoucherRequestSchema,
  type SaveBuyerVoucherRequest,
} from '@gm/shared/wallet/buyer-voucher';
import type { UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { personaliseResponseSchema, type PersonaliseRequest } from '@gm/shared/wallet/personalisation';
import { api } from '../../../lib/api.ts';
import { buyerVoucherKeys } from '../../../entities/wallet/api/buyer-voucher.ts';
import { walletKeys } from '../../../entities/wallet/api/user-voucher.ts';

export const templateKeys = {
  all: ['templates'] as const,
  active: () => [...templateKeys.all, 'active'] as const,
};

/** POST user-voucher/{id}: saves the personalisation form against the loaded version. */
export async function savePersonalisation(id: string, body: PersonaliseRequest) {
  const answer = await api.request(`user-voucher/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    schema: personaliseResponseSchema,
  });
  return answer.data;
}

/**
 * The saved design and its new version go into the cached voucher (the form saves against that
 * version next); the wallet's list cards show the design, so they are asked again.
 */
export function useSavePersonalisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PersonaliseRequest }) => savePersonalisation(id, body),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<UserVoucherDetail>(walletKeys.voucher(id), (voucher) =>
        voucher ? { ...voucher, personalisation: saved.personalisation, version: saved.version } : voucher,
      );
      return queryClient.invalidateQueries({ queryKey: walletKeys.lists() });
    },
  });
}

/** POST buyer-voucher/{id}: creates (version 0) or updates it. */
export async function saveBuyerVoucher(id: string, body: SaveBuyerVoucherRequest) {
  const answer = await api.request(`buyer-voucher/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    schema: buyerVoucherResponseSchema,
  });
  return answer.data;
}

/** The answer is the whole voucher: it replaces the cached one; the list pages are asked again. */
export function useSaveBuyerVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SaveBuyerVoucherRequest }) => saveBuyerVoucher(id, body),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(buyerVoucherKeys.detail(id), saved);
      return queryClient.invalidateQueries({ queryKey: buyerVoucherKeys.lists() });
    },
  });
}

/** GET buyer-voucher?page: the caller's buyer-designed vouchers, 9 per page; the shown page stays while the next loads. */
export function useBuyerVouchers(page: number) {
  return useQuery({
    queryKey: buyerVoucherKeys.list(page),
    queryFn: ({ signal }) => api.request('buyer-voucher', { query: { page }, schema: buyerVoucherListSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET template: the admin's active templates to choose as background. */
export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.active(),
    queryFn: async ({ signal }) => (await api.request('template', { schema: templateListSchema, signal })).data,
    staleTime: 60_000,
  });
}

/** POST order/download-buyer-voucher → the buyer-designed voucher as a PDF. */
export function fetchBuyerVoucherPdf(id: string): Promise<Blob> {
  const body = downloadBuyerVoucherRequestSchema.parse({ id });
  return api.download('order/download-buyer-voucher', { accept: 'application/pdf', body });
}
