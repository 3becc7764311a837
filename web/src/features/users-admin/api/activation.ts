import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentLinkResponseSchema,
  userStatusResponseSchema,
  verificationReviewResponseSchema,
  verificationSummaryResponseSchema,
  type VerificationDocumentKind,
} from '@gm/shared/admin/seller-activation';
import { api } from '../../../lib/api.ts';

/**
 * Seller activation and document review (issue 11). An activation changes a row of the /users table,
 * so its list queries are invalidated: the agreed prefix `['admin-users']` and `['users-admin']`, the
 * prefix the users slice's table actually uses.
 */
export const activationKeys = {
  usersLists: [['admin-users'], ['users-admin']] as const,
  verification: (userId: string) => ['admin-verification', userId] as const,
};

/** GET user/{id}/verification: owner data and which documents exist (no URLs). */
export function getVerification(userId: string, signal?: AbortSignal) {
  return api.request(`user/${encodeURIComponent(userId)}/verification`, {
    schema: verificationSummaryResponseSchema,
    signal,
  });
}

/** Loaded while the dialog is open; never kept stale (the admin decides on it). */
export function useVerification(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: activationKeys.verification(userId),
    queryFn: ({ signal }) => getVerification(userId, signal),
    enabled,
    staleTime: 0,
    select: (answer) => answer.data,
  });
}

/** POST user/{id}/verification-document: a presigned link valid ≤ 60 s, fetched on each click (each view is recorded). */
export function getDocumentLink(userId: string, kind: VerificationDocumentKind) {
  return api.request(`user/${encodeURIComponent(userId)}/verification-document`, {
    method: 'POST',
    body: { kind },
    schema: documentLinkResponseSchema,
  });
}

export function useDocumentLink(userId: string) {
  return useMutation({ mutationFn: (kind: VerificationDocumentKind) => getDocumentLink(userId, kind) });
}

/** PUT user/{id}/verification: marks the documents as checked. */
export function useMarkVerified(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`user/${encodeURIComponent(userId)}/verification`, {
        method: 'PUT',
        body: { status: 'verified' },
        schema: verificationReviewResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(activationKeys.verification(userId), { data: answer.data }),
  });
}

/** PUT user/user-status/{id} with isActivated: the seller's activation (for others, their account status). */
export function useSetUserStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActivated: boolean) =>
      api.request(`user/user-status/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: { isActivated },
        schema: userStatusResponseSchema,
      }),
    onSuccess: () => {
      for (const queryKey of activationKeys.usersLists) void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: activationKeys.verification(userId) });
    },
  });
}
