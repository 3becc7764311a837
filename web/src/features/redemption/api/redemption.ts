import { useState } from 'react';
import * as z from 'zod/mini';
import { scannedEmployeeVoucherSchema } from '@gm/shared/tourism/employee-vouchers';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@gm/shared/api/idempotency';
import {
  REDEMPTIONS_PER_PAGE,
  redemptionPageSchema,
  redemptionSchema,
  scannedVoucherSchema,
  scannerUserSchema,
  type CreateScannerUserInput,
  type RedeemRequest,
  type Redemption,
  type ScannerUser,
} from '@gm/shared/redemption/contracts';
import { api } from '../../../lib/api.ts';
import { sellerDataKeys } from '../../../entities/seller-data/api/seller-data-keys.ts';

/** Query keys of the redemptions: the table pages and one order's redemptions (the detail modal). */
export const redemptionKeys = {
  all: sellerDataKeys.redemptions,
  lists: () => [...redemptionKeys.all, 'list'] as const,
  list: (page: number, cursor: string | undefined) => [...redemptionKeys.lists(), { page, cursor }] as const,
  order: (orderId: string) => [...redemptionKeys.all, 'order', orderId] as const,
};

export const scannerUserKeys = { all: ['scanner-users'] as const };

/** POST qr-code/scan: the scanned QR URL or a typed code → the voucher for the redemption form. */
export function scanCode(url: string) {
  return api
    .request('qr-code/scan', {
      method: 'POST',
      body: { url },
      // An employee QR (issue 13) answers the employee-voucher kind: redeemed at once.
      schema: z.object({ data: z.union([scannedEmployeeVoucherSchema, scannedVoucherSchema]) }),
    })
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

export type RedemptionListParams = {
  page: number;
  cursor?: string | undefined;
  order_id?: string | undefined;
  signal?: AbortSignal;
};

export function listRedemptions(params: RedemptionListParams) {
  return api.request('redemption', {
    query: { page: params.page, paginate: REDEMPTIONS_PER_PAGE, cursor: params.cursor, order_id: params.order_id },
    schema: redemptionPageSchema,
    signal: params.signal,
  });
}

export function revokeRedemption(id: string) {
  return api.request('redemption/revoke', {
    method: 'POST',
    body: { id },
    schema: z.object({ message: z.string(), data: redemptionSchema }),
  });
}

/** POST redemption/download-pdf → the receipt as a Blob. */
export function downloadRedemptionPdf(id: string) {
  return api.download('redemption/download-pdf', { accept: 'application/pdf', body: { id } });
}

export function listScannerUsers(signal?: AbortSignal) {
  return api
    .request('scanner-user', { schema: z.object({ data: z.array(scannerUserSchema) }), signal })
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

/**
 * The redemptions table, 9 a page, newest first, with cursor paging: the cursor of page n+1 comes
 * from page n's `next_page_url`, so the cursors of the pages seen are kept. The page on screen stays
 * while the next one loads.
 */
export function useRedemptionPages() {
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const cursor = cursors[page];
  const query = useQuery({
    queryKey: redemptionKeys.list(page, cursor),
    queryFn: ({ signal }) => listRedemptions({ page, cursor, signal }),
    placeholderData: keepPreviousData,
  });

  function goTo(next: number) {
    const nextUrl = query.data?.next_page_url;
    if (next === page + 1 && nextUrl) {
      const nextCursor = new URL(nextUrl, window.location.origin).searchParams.get('cursor');
      if (nextCursor) setCursors((current) => ({ ...current, [next]: nextCursor }));
    }
    setPage(next);
  }

  return { ...query, page, goTo, paging: query.isPlaceholderData };
}

/** One order's redemptions (the detail modal), always loaded fresh. */
export function useOrderRedemptions(orderId: string) {
  return useQuery({
    queryKey: redemptionKeys.order(orderId),
    queryFn: ({ signal }) => listRedemptions({ page: 1, order_id: orderId, signal }),
    staleTime: 0,
  });
}

/**
 * A redemption or its revocation changes the redemptions, the voucher's numbers (its statistics and
 * the list) and the seller's dashboard and orders (their redemption counts and the earnings view).
 */
function invalidateRedemptionEffects(queryClient: QueryClient) {
  return Promise.all(
    [sellerDataKeys.redemptions, sellerDataKeys.vouchers, sellerDataKeys.orders].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: RedeemRequest; idempotencyKey: string }) =>
      redeem(request, idempotencyKey),
    onSuccess: () => invalidateRedemptionEffects(queryClient),
  });
}

/** The answer's row replaces the revoked one in the cached pages at once ('Einlösung widerrufen'), then all reload. */
export function useRevokeRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRedemption,
    onSuccess: (answer) => {
      queryClient.setQueriesData<{ data: Redemption[] }>({ queryKey: redemptionKeys.lists() }, (page) =>
        page ? { ...page, data: page.data.map((row) => (row.id === answer.data.id ? answer.data : row)) } : page,
      );
      return invalidateRedemptionEffects(queryClient);
    },
    // A refused revocation (already revoked elsewhere) shows the server's state again.
    onError: () => queryClient.invalidateQueries({ queryKey: redemptionKeys.all }),
  });
}

export function useReceiptPdf() {
  return useMutation({ mutationFn: (redemption: Redemption) => downloadRedemptionPdf(redemption.id) });
}

export function useScannerUsers() {
  return useQuery({ queryKey: scannerUserKeys.all, queryFn: ({ signal }) => listScannerUsers(signal), staleTime: 0 });
}

export function useCreateScannerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScannerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scannerUserKeys.all }),
  });
}

/** (De)activating: the answer's user replaces the row at once, then the list reloads. */
export function useToggleScannerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleScannerUser,
    onSuccess: (answer) => {
      queryClient.setQueryData<ScannerUser[]>(scannerUserKeys.all, (users) =>
        users?.map((user) => (user.id === answer.data.id ? answer.data : user)),
      );
      return queryClient.invalidateQueries({ queryKey: scannerUserKeys.all });
    },
  });
}

/** The scan is a question to the server, answered once per scan; the scanner keeps the voucher itself. */
export function useScanCode() {
  return useMutation({ mutationFn: scanCode });
}
