import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  employeeCodeAnswerSchema,
  employeeCodeListSchema,
  generateEmployeeCodesAnswerSchema,
  partnerListSchema,
  type EmployeeCodeDownloadRequest,
  type Partner,
} from '@gm/shared/admin/tourism';
import { api } from '../../../lib/api.ts';

export type EmployeeCodesQuery = { page: number; keyword: string; partnerID: string };

export const employeeCodeKeys = {
  all: ['employee-codes'] as const,
  lists: () => [...employeeCodeKeys.all, 'list'] as const,
  list: (query: EmployeeCodesQuery) => [...employeeCodeKeys.lists(), query] as const,
  partners: () => [...employeeCodeKeys.all, 'partners'] as const,
};

/** GET employee-code/all (03 §7): pagination 10, page, keyword, partnerID (tourism accounts). */
export function getEmployeeCodes(query: EmployeeCodesQuery, signal?: AbortSignal) {
  return api.request('employee-code/all', {
    query: {
      page: query.page,
      pagination: 10,
      ...(query.keyword ? { keyword: query.keyword } : {}),
      ...(query.partnerID ? { partnerID: query.partnerID } : {}),
    },
    schema: employeeCodeListSchema,
    signal,
  });
}

export function useEmployeeCodes(query: EmployeeCodesQuery) {
  return useQuery({
    queryKey: employeeCodeKeys.list(query),
    queryFn: ({ signal }) => getEmployeeCodes(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The tourism account's partners for the partner select: every page of partners/all, partners only. */
export async function getOwnPartners(signal?: AbortSignal): Promise<Partner[]> {
  const partners: Partner[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.request('partners/all', {
      query: { page, pagination: 50 },
      schema: partnerListSchema,
      signal,
    });
    partners.push(...answer.data.filter((p) => p.is_partner));
    // Partners come first: a page with a non-partner ends them.
    if (page >= answer.last_page || answer.data.some((p) => !p.is_partner)) return partners;
  }
}

export function useOwnPartners(enabled: boolean) {
  return useQuery({ queryKey: employeeCodeKeys.partners(), queryFn: ({ signal }) => getOwnPartners(signal), enabled });
}

/** POST employee-code/generate; `idempotencyKey` per attempt, so a double click generates once. */
export function generateEmployeeCodes(input: { max: number; partnerID?: string }, idempotencyKey: string) {
  return api.request('employee-code/generate', {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: generateEmployeeCodesAnswerSchema,
  });
}

export function useGenerateEmployeeCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: { max: number; partnerID?: string }; key: string }) =>
      generateEmployeeCodes(input, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeCodeKeys.lists() }),
  });
}

/** PUT employee-code/status/{id} (03 §4: the toggle sends `inactive` or `active`). */
export function setEmployeeCodeStatus(id: string, active: boolean) {
  return api.request(`employee-code/status/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { status: active ? 'active' : 'inactive' },
    schema: employeeCodeAnswerSchema,
  });
}

export function useSetEmployeeCodeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setEmployeeCodeStatus(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeCodeKeys.lists() }),
  });
}

/** POST employee-code/download: one code's card, or (no code) every code of the current filter, as PDF. */
export function downloadEmployeeCodes(body: EmployeeCodeDownloadRequest) {
  return api.download('employee-code/download', { method: 'POST', body, accept: 'application/pdf' });
}
