import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  employeeRedemptionResponseSchema,
  employeeVoucherPageSchema,
  employeeVoucherRowResponseSchema,
  employeeWalletSchema,
  type EmployeeVoucherRow,
} from '@gm/shared/tourism/employee-vouchers';
import { api } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

type EmployeeVoucherPage = ReturnType<typeof employeeVoucherPageSchema.parse>;
export type EmployeeVoucherQuery = { page: number; keyword?: string };

export const employeeVoucherKeys = {
  all: ['employee-vouchers'] as const,
  pages: () => [...employeeVoucherKeys.all, 'page'] as const,
  page: (query: EmployeeVoucherQuery) => [...employeeVoucherKeys.pages(), query] as const,
  wallets: () => [...employeeVoucherKeys.all, 'wallet'] as const,
  wallet: (category: string | null) => [...employeeVoucherKeys.wallets(), category ?? 'all'] as const,
};

/** GET employee-voucher/all?pagination=10&page&keyword (tourism account: its own; admin: all). */
export function getEmployeeVouchers(query: EmployeeVoucherQuery, signal?: AbortSignal) {
  return api.request('employee-voucher/all', {
    query: { pagination: 10, page: query.page, keyword: query.keyword || undefined },
    schema: employeeVoucherPageSchema,
    signal,
  });
}

export function useEmployeeVouchers(query: EmployeeVoucherQuery) {
  return useQuery({
    queryKey: employeeVoucherKeys.page(query),
    queryFn: ({ signal }) => getEmployeeVouchers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Puts the answer's row into every cached page, so the table shows the change at once. */
function useReplaceRow() {
  const queryClient = useQueryClient();
  return (row: EmployeeVoucherRow) => {
    queryClient.setQueriesData<EmployeeVoucherPage>({ queryKey: employeeVoucherKeys.pages() }, (page) =>
      page ? { ...page, data: page.data.map((item) => (item.id === row.id ? row : item)) } : page,
    );
    void queryClient.invalidateQueries({ queryKey: employeeVoucherKeys.wallets() });
  };
}

/** PUT employee-voucher/value/{id} {id, value}. */
export function useSetEmployeeValue() {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: string }) =>
      api.request(`employee-voucher/value/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { id, value },
        schema: employeeVoucherRowResponseSchema,
      }),
    onSuccess: (answer) => replace(answer.data),
  });
}

/** PUT employee-voucher/status/{id} {status}: activate / deactivate. */
export function useSetEmployeeVoucherStatus() {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: boolean }) =>
      api.request(`employee-voucher/status/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { status },
        schema: employeeVoucherRowResponseSchema,
      }),
    onSuccess: (answer) => replace(answer.data),
  });
}

/** GET employee-voucher/redemptions-csv → the file 'mitarbeiter-einloesungen.csv'. */
export async function downloadEmployeeRedemptionsCsv(): Promise<void> {
  const blob = await api.download('employee-voucher/redemptions-csv', { accept: 'text/csv' });
  saveBlob(blob, 'mitarbeiter-einloesungen.csv');
}

/** GET employee-voucher/wallet?category: the employee's wallet (claim number + vouchers). */
export function useEmployeeWallet(category: string | null, enabled = true) {
  return useQuery({
    queryKey: employeeVoucherKeys.wallet(category),
    queryFn: ({ signal }) =>
      api.request('employee-voucher/wallet', {
        query: { category: category ?? undefined },
        schema: employeeWalletSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST employee-voucher/manual-redeem {id, employee_value}: 'Jetzt selbst einlösen'. */
export function useManualRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; employee_value: string }) =>
      api.request('employee-voucher/manual-redeem', {
        method: 'POST',
        body: input,
        schema: employeeRedemptionResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: employeeVoucherKeys.wallets() }),
  });
}
